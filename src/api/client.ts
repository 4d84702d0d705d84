import type { z } from 'zod';
import type { ErrorBody } from '../contract/errors';
import { loadContract } from './contract';

/** A request the server refused: the spec's error body, plus Retry-After for 429. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: ErrorBody | null, retryAfterSeconds: number | null) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A JSON body, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the answer; the type follows from it. */
  schema?: z.ZodType<T>;
  /** Validates the answer with a schema that is loaded on demand (keeps zod out of the first load). */
  parse?: (json: unknown) => T | Promise<T>;
}

/** Same-origin JSON request. The browser never sends a key: the proxy adds it. */
export async function requestJson<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: options.body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  const text = await response.text();
  const json = parseJsonOrNull(text);
  if (!response.ok) {
    const { errorBodySchema } = await loadContract();
    const parsed = errorBodySchema.safeParse(json);
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data : null,
      Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has('retry-after')
        ? retryAfter
        : null,
    );
  }
  if (options.schema) return options.schema.parse(json);
  return options.parse ? options.parse(json) : (json as T);
}

function parseJsonOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
