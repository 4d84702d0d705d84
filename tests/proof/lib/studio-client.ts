import { errorBodySchema, type ErrorBody } from '../../../src/contract/errors';
import type { OperationPath } from '../../../src/contract/operations';
import { taskListSchema, type StudioTask } from '../../../src/contract/studio';
import { taskSchema, type Task } from '../../../src/contract/task';

// What the studio's browser code does over HTTP, without a browser: create, read a task, page the history.
// Every answer is checked against the contract, so a malformed success counts as a failure, not a pass.

export type Answer<T> =
  | { ok: true; status: number; value: T; ms: number }
  | {
      ok: false;
      status: number | 'network';
      error?: ErrorBody;
      retryAfterMs?: number;
      ms: number;
      text?: string;
    };

async function call<T>(
  url: string,
  init: RequestInit,
  parse: (json: unknown) => T,
  timeoutMs: number,
): Promise<Answer<T>> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { ok: false, status: 'network', ms: performance.now() - started };
  }
  const text = await response.text().catch(() => '');
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.ok) {
    try {
      return { ok: true, status: response.status, value: parse(json), ms };
    } catch {
      return { ok: false, status: response.status, ms, text: text.slice(0, 300) };
    }
  }
  const error = errorBodySchema.safeParse(json);
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    error: error.success ? error.data : undefined,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    ms,
    text: error.success ? undefined : text.slice(0, 300),
  };
}

export interface ClientOptions {
  baseUrl: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function studioClient({ baseUrl, headers = {}, timeoutMs = 30_000 }: ClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    create: (operation: OperationPath, body: Record<string, unknown>) =>
      call<Task>(
        `${base}/api/v1/${operation}`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        (json) => taskSchema.parse(json),
        timeoutMs,
      ),
    getTask: (jobId: string) =>
      call<Task>(
        `${base}/api/v1/job/${encodeURIComponent(jobId)}`,
        { headers },
        (json) => taskSchema.parse(json),
        timeoutMs,
      ),
    listPage: (query: Record<string, string> = {}) =>
      call(
        `${base}/api/studio/tasks?${new URLSearchParams(query)}`,
        { headers },
        (json) => taskListSchema.parse(json),
        timeoutMs,
      ),
    /** Every task of the history, page by page. Throws when a page fails: a reconciliation must see all. */
    async listAll(query: Record<string, string> = {}): Promise<StudioTask[]> {
      const all: StudioTask[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10_000; page++) {
        const params: Record<string, string> = { limit: '200', hidden: 'true', ...query };
        if (cursor) params.cursor = cursor;
        const answer = await this.listPage(params);
        if (!answer.ok)
          throw new Error(`listing failed: ${answer.status} ${answer.error?.message ?? answer.text ?? ''}`);
        all.push(...answer.value.items);
        cursor = answer.value.nextCursor;
        if (!cursor) return all;
      }
      throw new Error('listing never ended');
    },
  };
}

export type StudioClient = ReturnType<typeof studioClient>;
