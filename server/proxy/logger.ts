import pino from 'pino';

// The server's logger. Redaction covers the usual places a secret hides (headers, key and password
// fields); `secrets` are additionally scrubbed from every finished line, so that a key that slips into
// an error message or a URL still never reaches the log.

const REDACT_PATHS = [
  'apiKey',
  'api_key',
  'key',
  'password',
  'token',
  'cookie',
  'authorization',
  '*.apiKey',
  '*.api_key',
  '*.password',
  '*.token',
  '*.cookie',
  '*.authorization',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  '*.headers.cookie',
  '*.headers.authorization',
  'env.API_KEY',
  'env.STUDIO_PASSWORD',
  'env.ENGINE_API_KEY',
];

export const REDACTED = '[Redacted]';

export interface LoggerOptions {
  level?: string;
  /** Values that must never appear in a log line, whatever field they end up in. */
  secrets?: readonly (string | undefined)[];
  /** Where lines go (default stdout); tests pass a collecting stream. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): pino.Logger {
  const secrets = (options.secrets ?? []).filter((s): s is string => !!s && s.length >= 4);
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      ...(secrets.length ? { hooks: { streamWrite: (line: string) => scrubSecrets(line, secrets) } } : {}),
    },
    options.destination,
  );
}

/** Replaces every occurrence of each secret (and its JSON-escaped form) with the redaction mark. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.split(escaped).join(REDACTED);
  }
  return out;
}
