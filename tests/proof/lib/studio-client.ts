import { errorBodySchema, type ErrorBody } from '../../../src/contract/errors';
import type { OperationPath } from '../../../src/contract/operations';
import { taskListSchema, type StudioTask } from '../../../src/contract/studio';
import { taskSchema, type Task } from '../../../src/contract/task';
import { clientAgent, httpCall, type HttpAnswer, type HttpCall } from './http';

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

async function call<T>(url: string, init: HttpCall, parse: (json: unknown) => T): Promise<Answer<T>> {
  const started = performance.now();
  let response: HttpAnswer;
  try {
    response = await httpCall(url, init);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { ok: false, status: 'network', ms: performance.now() - started, text: code ?? message };
  }
  const text = response.body.toString('utf8');
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status >= 200 && response.status < 300) {
    try {
      return { ok: true, status: response.status, value: parse(json), ms };
    } catch {
      return { ok: false, status: response.status, ms, text: text.slice(0, 300) };
    }
  }
  const error = errorBodySchema.safeParse(json);
  const retryAfter = Number(response.headers['retry-after']);
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
  /** Connect from this loopback address (one per simulated designer). */
  localAddress?: string;
}

export function studioClient({ baseUrl, headers = {}, timeoutMs = 30_000, localAddress }: ClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  const agent = clientAgent(localAddress);
  return {
    create: (operation: OperationPath, body: Record<string, unknown>) =>
      call<Task>(
        `${base}/api/v1/${operation}`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          timeoutMs,
          agent,
        },
        (json) => taskSchema.parse(json),
      ),
    getTask: (jobId: string) =>
      call<Task>(`${base}/api/v1/job/${encodeURIComponent(jobId)}`, { headers, timeoutMs, agent }, (json) =>
        taskSchema.parse(json),
      ),
    listPage: (query: Record<string, string> = {}) =>
      call(`${base}/api/studio/tasks?${new URLSearchParams(query)}`, { headers, timeoutMs, agent }, (json) =>
        taskListSchema.parse(json),
      ),
    /** Lets the client's kept-alive connections go. */
    close: () => agent.destroy(),
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
