import { randomBytes } from 'node:crypto';
import { z } from 'zod';

// The only reader of process.env (design.md, "Environment"). A bad value is one clear line and exit 1.

const port = z.coerce.number().int().min(0).max(65535);
/** Unset and empty mean the same: not given. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));
const optionalUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
);

export const envSchema = z
  .object({
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: port.default(8080),
    UPSTREAM_URL: optionalUrl,
    API_KEY: optionalString,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    PUBLIC_URL: optionalUrl,
    STUDIO_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    ENGINE_PORT: port.default(8787),
    ENGINE_API_KEY: optionalString,
    ENGINE_TIME_SCALE: z.coerce.number().min(0, 'must be 0 or more').max(100).default(1),
    ENGINE_POINTS: z.coerce.number().int().min(0, 'must be 0 or more').default(10000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.UPSTREAM_URL && !env.API_KEY)
      ctx.addIssue({ code: 'custom', path: ['API_KEY'], message: 'is required when UPSTREAM_URL is set' });
    if (!isLoopback(env.HOST) && !env.STUDIO_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message: `is ${env.HOST}, not a loopback address: set STUDIO_PASSWORD before listening beyond this machine`,
      });
  });

export type Env = z.infer<typeof envSchema>;

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Parses an environment; throws an Error whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  // Never echo a secret's value back.
  throw new Error(`Invalid environment: ${name} ${issue.message}`);
}

/** For the process entry points: prints the one line and exits 1 on a bad value. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** A key for the embedded engine when none is given: random per start, never printed. */
export function generatedKey(): string {
  return randomBytes(24).toString('base64url');
}
