import { z } from 'zod';

// The task (job) object of spec 2.1, as the real service returns it (design.md: `staged`,
// plain URL strings, `available_actions`). Loose objects: an upstream may add fields; we keep them.

export const TASK_STATUSES = ['pending', 'staged', 'processing', 'completed', 'failed'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export function isTerminal(status: TaskStatus | undefined): boolean {
  return status === 'completed' || status === 'failed';
}

export const taskErrorSchema = z.looseObject({
  code: z.number().int(),
  raw_message: z.string(),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const taskOutputSchema = z.looseObject({
  image_url: z.string().optional(),
  image_urls: z.array(z.string()).nullable().optional(),
  video_urls: z.array(z.string()).nullable().optional(),
  seed: z.string(),
  available_actions: z.record(z.string(), z.unknown()).optional(),
});

export const taskSchema = z.looseObject({
  job_id: z.string(),
  model: z.string(),
  task_type: z.enum([
    'diffusion',
    'video_diffusion',
    'inpaint',
    'remix',
    'pan',
    'variation',
    'retexture',
    'upload_paint',
  ]),
  status: taskStatusSchema,
  config: z.looseObject({
    service_mode: z.string(),
    webhook_config: z.looseObject({ endpoint: z.string(), secret: z.string() }),
  }),
  input: z.record(z.string(), z.unknown()).nullable(),
  output: taskOutputSchema,
  meta: z.looseObject({
    created_at: z.string(),
    started_at: z.string(),
    ended_at: z.string(),
    usage: z.looseObject({ type: z.string(), frozen: z.number().int(), consume: z.number().int() }),
  }),
  detail: z.record(z.string(), z.unknown()).nullable(),
  logs: z.array(z.unknown()),
  error: taskErrorSchema,
});

export type Task = z.infer<typeof taskSchema>;
export type TaskOutput = z.infer<typeof taskOutputSchema>;

/** The model name the embedded engine reports; the real service's value is not ours to assume. */
export const ENGINE_MODEL = 'midjourney';

/** The zero timestamp of spec 2.4, used by text-to-image before start and end. */
export const ZERO_TIMESTAMP = '0001-01-01T00:00:00Z';

/** The callback body of design.md: `{timestamp, data}`. */
export const callbackPayloadSchema = z.object({ timestamp: z.number(), data: taskSchema });
export type CallbackPayload = z.infer<typeof callbackPayloadSchema>;

/** GET /api/account/balance, in the real service's shape. */
export const balanceSchema = z.looseObject({
  code: z.number().int(),
  message: z.string(),
  data: z.looseObject({
    account_id: z.number().int().optional(),
    balance_usd: z.number().optional(),
    available_credits: z.number().int().optional(),
    available_points: z.number().int(),
    alert_threshold: z.number().optional(),
    low_balance_alert: z.boolean().optional(),
    updated_at: z.string().optional(),
  }),
});
export type Balance = z.infer<typeof balanceSchema>;
