import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackPayloadSchema, type CallbackPayload } from '../../src/contract/task';
import { FAILURE_TRIGGER } from './failure';
import { startTestEngine, type TestEngine } from './test-support';

// Callbacks to a real local HTTP receiver: POST {timestamp, data} on completion and on failure,
// retried with backoff when the receiver fails, bounded in attempts.

let engine: TestEngine;
let receiverUrl: string;
let closeReceiver: () => Promise<void>;
/** Per path: how many attempts to refuse, and what arrived. */
const plans = new Map<
  string,
  { refuse: number; attempts: { at: number; body: CallbackPayload | null; method: string }[] }
>();

beforeAll(async () => {
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const plan = plans.get(request.url ?? '') ?? { refuse: 0, attempts: [] };
    plans.set(request.url ?? '', plan);
    const parsed = callbackPayloadSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString() || 'null'));
    plan.attempts.push({
      at: Date.now(),
      body: parsed.success ? parsed.data : null,
      method: request.method ?? '',
    });
    response.writeHead(plan.attempts.length <= plan.refuse ? 503 : 200).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeReceiver = () => new Promise((done) => server.close(() => done()));
  engine = await startTestEngine({ callbackRetryBaseMs: 100, callbackMaxAttempts: 4 });
});
afterAll(async () => {
  await engine?.close();
  await closeReceiver?.();
});

async function waitForAttempts(path: string, count: number, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while ((plans.get(path)?.attempts.length ?? 0) < count) {
    if (Date.now() > until)
      throw new Error(`${path}: ${plans.get(path)?.attempts.length ?? 0} attempts, wanted ${count}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return plans.get(path)!.attempts;
}

describe('callbacks', () => {
  it('POSTs {timestamp, data} with the completed task', async () => {
    plans.set('/done', { refuse: 0, attempts: [] });
    const created = await engine.create('diffusion', {
      text: 'callback me',
      callback: `${receiverUrl}/done`,
    });
    const [attempt] = await waitForAttempts('/done', 1);
    expect(attempt!.method).toBe('POST');
    expect(attempt!.body).not.toBeNull();
    expect(attempt!.body!.data.job_id).toBe(created.job_id);
    expect(attempt!.body!.data.status).toBe('completed');
    expect(attempt!.body!.data.output.image_urls).toHaveLength(4);
    expect(attempt!.body!.data.output.image_urls![0]!.startsWith(engine.url)).toBe(true);
    expect(Math.abs(attempt!.body!.timestamp - Date.now())).toBeLessThan(10_000);
  });

  it('POSTs the failed task too, with its error', async () => {
    plans.set('/failed', { refuse: 0, attempts: [] });
    await engine.create('diffusion', { text: `${FAILURE_TRIGGER}`, callback: `${receiverUrl}/failed` });
    const [attempt] = await waitForAttempts('/failed', 1);
    expect(attempt!.body!.data.status).toBe('failed');
    expect(attempt!.body!.data.error.code).not.toBe(0);
  });

  it('retries a failing receiver with growing delays until it answers 2xx, then stops', async () => {
    plans.set('/flaky', { refuse: 2, attempts: [] });
    await engine.create('diffusion', { text: 'flaky receiver', callback: `${receiverUrl}/flaky` });
    const attempts = await waitForAttempts('/flaky', 3);
    const gaps = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(90); // base 100 ms
    expect(gaps[1]).toBeGreaterThanOrEqual(190); // then 200 ms
    expect(attempts.every((a) => a.body?.data.status === 'completed')).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect(plans.get('/flaky')!.attempts).toHaveLength(3);
  });

  it('gives up after the bounded number of attempts', async () => {
    plans.set('/down', { refuse: 100, attempts: [] });
    await engine.create('diffusion', { text: 'receiver down', callback: `${receiverUrl}/down` });
    await waitForAttempts('/down', 4);
    await new Promise((r) => setTimeout(r, 1200)); // past the next backoff (800 ms)
    expect(plans.get('/down')!.attempts).toHaveLength(4);
  });

  it('keeps the request path fast: creation does not wait for delivery', async () => {
    plans.set('/slow', { refuse: 0, attempts: [] });
    const started = Date.now();
    await engine.create('diffusion', { text: 'quick answer', callback: `${receiverUrl}/slow` });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
