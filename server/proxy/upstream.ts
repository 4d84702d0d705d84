import type pino from 'pino';
import { errorBody, errorBodySchema } from '../../src/contract/errors';
import type { OperationPath } from '../../src/contract/operations';
import { balanceSchema, taskSchema, type Balance, type Task } from '../../src/contract/task';
import { Failure } from './failure';
import { scrubSecrets } from './logger';

// The one client of the generation service (real or embedded): adds `x-api-key`, bounds every call in
// time, and turns whatever comes back (errors, garbage, dropped connections) into a Task or a Failure
// with the spec's error body. Reads are retried; creates are not, since a retried create could spend
// twice (no idempotency key exists in the interface).

export interface UpstreamOptions {
  baseUrl: string;
  apiKey: string;
  logger: pino.Logger;
  /** Per attempt; default 30 s for creates and 15 s for reads. */
  createTimeoutMs?: number;
  readTimeoutMs?: number;
  /** Read attempts in all (default 4), with backoff from `retryBaseMs` (default 250 ms) doubling. */
  readAttempts?: number;
  retryBaseMs?: number;
  /** The longest Retry-After a read waits for in place; beyond it the 429 is reported. */
  maxRetryAfterMs?: number;
}

export interface Upstream {
  create(operation: OperationPath, body: Record<string, unknown>): Promise<Task>;
  getTask(jobId: string): Promise<Task>;
  balance(): Promise<Balance>;
  /** Counted calls by kind, for the bench and tests. */
  readonly calls: { create: number; getTask: number; balance: number };
  /** When the upstream last answered 429: no background reads before this time (ms epoch). */
  pausedUntil: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createUpstream(options: UpstreamOptions): Upstream {
  const base = options.baseUrl.replace(/\/+$/, '');
  const createTimeoutMs = options.createTimeoutMs ?? 30_000;
  const readTimeoutMs = options.readTimeoutMs ?? 15_000;
  const readAttempts = options.readAttempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 250;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const log = options.logger;
  const scrub = (text: string) => scrubSecrets(text, [options.apiKey]);

  async function call(method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number) {
    let response: Response;
    try {
      response = await fetch(base + path, {
        method,
        headers: {
          'x-api-key': options.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw networkFailure(error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkFailure(error);
    }
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // left undefined: judged below
    }
    return { response, json };
  }

  function networkFailure(error: unknown): Failure {
    const err = error as Error & { cause?: { code?: string } };
    const name = err?.name;
    const code = err?.cause?.code ?? '';
    if (name === 'TimeoutError' || name === 'AbortError')
      return new Failure(504, 'The generation service did not answer in time');
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return new Failure(503, 'The generation service is unreachable');
    return new Failure(502, 'The connection to the generation service failed');
  }

  /** An upstream error answer, passed on with its status and message but nothing secret. */
  function upstreamFailure(response: Response, json: unknown): Failure {
    const status = response.status;
    const headers: Record<string, string> = {};
    const retryAfter = response.headers.get('retry-after');
    if (status === 429) headers['retry-after'] = retryAfterSeconds(retryAfter, 5).toString();
    if (status === 401 || status === 407)
      // A 401 here means the server's own key was refused; to the browser a 401 means "log in".
      return new Failure(502, "The generation service refused the server's API key (check API_KEY)");
    if (status >= 500)
      return new Failure(
        status === 503 || status === 504 ? status : 502,
        'The generation service failed; try again',
        headers,
      );
    const parsed = errorBodySchema.safeParse(json);
    if (!parsed.success) return new Failure(status, `The generation service answered ${status}`, headers);
    const message = scrub(parsed.data.message) || `The generation service answered ${status}`;
    const detail = parsed.data.detail
      ? (JSON.parse(scrub(JSON.stringify(parsed.data.detail))) as Record<string, unknown>)
      : null;
    return new Failure(
      status,
      { ...errorBody(status, message, detail), raw_message: scrub(parsed.data.raw_message) },
      headers,
    );
  }

  function parseTask(json: unknown, what: string): Task {
    const parsed = taskSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    log.warn(
      { what, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) },
      'upstream answered an unreadable task',
    );
    throw new Failure(502, 'The generation service answered with an unreadable task');
  }

  /** A read with retries: 5xx, dropped connections and timeouts back off; 429 waits for Retry-After. */
  async function read<T>(path: string, accept: (json: unknown) => T): Promise<T> {
    let lastFailure: Failure | undefined;
    for (let attempt = 0; attempt < readAttempts; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      try {
        const { response, json } = await call('GET', path, undefined, readTimeoutMs);
        if (response.ok) return accept(json);
        const failure = upstreamFailure(response, json);
        if (response.status === 429) {
          const waitMs = retryAfterSeconds(response.headers.get('retry-after'), 1) * 1000;
          client.pausedUntil = Date.now() + waitMs;
          if (waitMs > maxRetryAfterMs) throw failure;
          lastFailure = failure;
          await sleep(waitMs);
          continue;
        }
        if (response.status < 500) throw failure;
        lastFailure = failure;
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        // Garbage with a 2xx is retried too: a half-written answer is a transient fault.
        if (error.status < 500) throw error;
        lastFailure = error;
      }
      log.debug({ path, attempt, status: lastFailure.status }, 'upstream read failed, retrying');
    }
    throw lastFailure!;
  }

  const client: Upstream = {
    calls: { create: 0, getTask: 0, balance: 0 },
    pausedUntil: 0,

    async create(operation, body) {
      client.calls.create++;
      const { response, json } = await call('POST', `/api/v1/${operation}`, body, createTimeoutMs);
      if (!response.ok) throw upstreamFailure(response, json);
      return parseTask(json, operation);
    },

    getTask(jobId) {
      client.calls.getTask++;
      return read(`/api/v1/job/${encodeURIComponent(jobId)}`, (json) => parseTask(json, 'job'));
    },

    balance() {
      client.calls.balance++;
      return read('/api/account/balance', (json) => {
        const parsed = balanceSchema.safeParse(json);
        if (!parsed.success)
          throw new Failure(502, 'The generation service answered with an unreadable balance');
        return parsed.data;
      });
    },
  };
  return client;
}

/** Retry-After in whole seconds (delta or HTTP date), `fallback` when absent or unreadable. */
export function retryAfterSeconds(value: string | null, fallback: number): number {
  if (!value) return fallback;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  return fallback;
}
