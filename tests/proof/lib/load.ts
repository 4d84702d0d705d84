import { isTerminal } from '../../../src/contract/task';
import { pollDelay } from '../../../src/lib/poll-delay';
import { Ledger } from './ledger';
import { seededRandom, type Random } from './random';
import { loopbackAddress } from './http';
import { LatencyLog } from './stats';
import { studioClient, type Answer } from './studio-client';

// Simulated designers: each opens the studio (lists the history), types a prompt every few seconds, and
// watches its open jobs the way the studio polls them (Get Task, with the studio's own pollDelay), refreshing the
// history now and then. Bounded in clients and time; every answer is timed and counted by status.

export interface LoadOptions {
  baseUrl: string;
  clients: number;
  durationMs: number;
  seed?: number;
  /** A designer's pace: ms between two Generate clicks (uniform in the range). */
  createEveryMs?: [number, number];
  /** Wait before the next Get Task of a job of this age; default: the studio's own pollDelay. */
  pollDelay?: (ageMs: number) => number;
  listEveryMs?: number;
  /** Give each designer its own loopback address (127.0.x.y), as separate machines would have. */
  ownAddresses?: boolean;
}

export interface LoadReport {
  clients: number;
  durationMs: number;
  requests: number;
  latency: ReturnType<LatencyLog['summary']>;
  byRoute: Record<'create' | 'getTask' | 'list', ReturnType<LatencyLog['summary']>>;
  /** Non-2xx answers that are not a designed 429, with their first few messages. */
  unexpectedErrors: { status: number | string; message: string }[];
  created: number;
  ledger: Ledger;
}

const PROMPTS = [
  'a lighthouse at dusk, oil painting',
  'isometric tiny greenhouse, soft light --ar 3:2',
  'portrait of a red fox in fresh snow --stylize 250',
  'brutalist museum interior, morning fog --ar 16:9',
  'ceramic teapot product shot, studio backdrop --v 7',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const random = seededRandom(options.seed ?? 2026);
  const createEvery = options.createEveryMs ?? [4_000, 12_000];
  const delayFor = options.pollDelay ?? pollDelay;
  const listEvery = options.listEveryMs ?? 10_000;
  const all = new LatencyLog();
  const routes = { create: new LatencyLog(), getTask: new LatencyLog(), list: new LatencyLog() };
  const unexpectedErrors: LoadReport['unexpectedErrors'] = [];
  const ledger = new Ledger();
  const started = Date.now();
  const deadline = started + options.durationMs;

  const note = <T>(route: keyof typeof routes, answer: Answer<T>): Answer<T> => {
    all.record(answer.ms, answer.status);
    routes[route].record(answer.ms, answer.status);
    if (!answer.ok && answer.status !== 429 && unexpectedErrors.length < 50)
      unexpectedErrors.push({ status: answer.status, message: answer.error?.message ?? answer.text ?? '' });
    return answer;
  };

  async function designer(index: number, rng: Random) {
    const client = studioClient({
      baseUrl: options.baseUrl,
      localAddress: options.ownAddresses === false ? undefined : loopbackAddress(index),
    });
    const open = new Map<string, { nextPollAt: number; createdAt: number }>();
    // Clients arrive spread over the first create interval, not all in the same millisecond.
    let nextCreateAt = Date.now() + rng.int(0, createEvery[1]);
    let nextListAt = Date.now();
    while (Date.now() < deadline) {
      const now = Date.now();
      if (now >= nextListAt) {
        const answer = note('list', await client.listPage({ limit: '50' }));
        nextListAt = Date.now() + (answer.ok ? listEvery : (answer.retryAfterMs ?? listEvery));
      }
      if (now >= nextCreateAt) {
        const answer = note('create', await client.create('diffusion', { text: rng.pick(PROMPTS) }));
        if (answer.ok) {
          ledger.recordCreated(answer.value.job_id);
          open.set(answer.value.job_id, { nextPollAt: Date.now() + delayFor(0), createdAt: Date.now() });
        }
        // A designer told to wait (429) waits as told, then clicks again.
        nextCreateAt =
          Date.now() + (answer.ok ? rng.int(...createEvery) : (answer.retryAfterMs ?? createEvery[0]));
      }
      for (const [jobId, job] of open) {
        if (Date.now() < job.nextPollAt || Date.now() >= deadline) continue;
        const answer = note('getTask', await client.getTask(jobId));
        if (answer.ok && isTerminal(answer.value.status)) open.delete(jobId);
        else {
          const delay = delayFor(Date.now() - job.createdAt);
          job.nextPollAt = Date.now() + (answer.ok ? delay : Math.max(delay, answer.retryAfterMs ?? 0));
        }
      }
      const wakeAt = Math.min(
        nextCreateAt,
        nextListAt,
        ...[...open.values()].map((j) => j.nextPollAt),
        deadline,
      );
      await sleep(Math.max(5, wakeAt - Date.now()));
    }
    client.close();
  }

  await Promise.all(
    Array.from({ length: options.clients }, (_, i) => designer(i, seededRandom(random.int(1, 2 ** 31)))),
  );
  const summary = all.summary();
  return {
    clients: options.clients,
    durationMs: Date.now() - started,
    requests: summary.count,
    latency: summary,
    byRoute: {
      create: routes.create.summary(),
      getTask: routes.getTask.summary(),
      list: routes.list.summary(),
    },
    unexpectedErrors,
    created: ledger.size,
    ledger,
  };
}
