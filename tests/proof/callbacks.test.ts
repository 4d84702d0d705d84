import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/contract/errors';
import type { StudioTask } from '../../src/contract/studio';
import { startEngine, type RunningEngine } from '../../server/engine/index';
import { startFaultInjector, type FaultInjector, type ObservedRequest } from './lib/fault-injector';
import { httpCall } from './lib/http';
import { Ledger } from './lib/ledger';
import { freePort } from './lib/processes';
import { startProofServer, type ProofServer } from './lib/proof-server';
import { studioClient, type StudioClient } from './lib/studio-client';

// Callbacks are hints (design.md): the engine's real ones are recorded on their way to the proxy (a tap
// in front of PUBLIC_URL), then replayed duplicated and out of order; forged ones (unknown tokens, a
// "completed" with someone else's pictures for a task still running, junk bodies) are sent too. None may
// change what the history says beyond the truth the proxy reads back from the upstream.

let dataDir: string;
let engine: RunningEngine;
let upstreamTap: FaultInjector;
let callbackTap: FaultInjector;
let server: ProofServer;
let client: StudioClient;
const callbacks: ObservedRequest[] = [];
/** The callback URLs the proxy handed the engine, in the order of the creates. */
const callbackUrls: string[] = [];
const ledger = new Ledger();

const EVIL = 'https://evil.example/forged.png';

async function post(path: string, body: string | Buffer, contentType = 'application/json') {
  const answer = await httpCall(server.url + path, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    agent: false,
  });
  return { status: answer.status, text: answer.body.toString('utf8') };
}

const storedTasks = async () =>
  Object.fromEntries((await client.listAll()).map((t) => [t.jobId, t] as [string, StudioTask]));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-callbacks-'));
  const apiKey = randomBytes(24).toString('base64url');
  // Slow enough (0.1) that a task is still running when a forged "completed" arrives for it.
  engine = await startEngine({
    port: 0,
    dataDir: join(dataDir, 'engine'),
    apiKey,
    timeScale: 0.1,
    points: 1_000_000,
    callbackRetryBaseMs: 100,
  });
  upstreamTap = await startFaultInjector({
    target: engine.url,
    rate: 0,
    observe: (r) => {
      if (r.method !== 'POST' || !r.path.startsWith('/api/v1/')) return;
      const body = JSON.parse(r.body.toString()) as { callback?: string };
      if (body.callback) callbackUrls.push(body.callback);
    },
  });
  const port = await freePort();
  callbackTap = await startFaultInjector({
    target: `http://127.0.0.1:${port}`,
    rate: 0,
    observe: (r) => {
      if (r.path.startsWith('/api/studio/callbacks/')) callbacks.push(r);
    },
  });
  server = await startProofServer({
    upstreamUrl: upstreamTap.url,
    apiKey,
    port,
    publicUrl: callbackTap.url,
    dataDir: join(dataDir, 'proxy'),
    tuning: { follower: { minDelayMs: 200, maxDelayMs: 500 } },
  });
  client = studioClient({ baseUrl: server.url });
}, 30_000);

afterAll(async () => {
  client?.close();
  await server?.close();
  await callbackTap?.close();
  await upstreamTap?.close();
  await engine?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('rejects a forged "completed" for a running task: the proxy re-reads the upstream and keeps the truth', async () => {
  const created = await client.create('diffusion', { text: 'a heron in reeds, ink wash' });
  if (!created.ok) throw new Error(JSON.stringify(created));
  ledger.recordCreated(created.value.job_id);
  const url = callbackUrls.at(-1)!;
  expect(url.startsWith(`${callbackTap.url}/api/studio/callbacks/`)).toBe(true);
  const forged = {
    timestamp: Date.now(),
    data: {
      ...created.value,
      status: 'completed',
      output: { image_url: EVIL, image_urls: [EVIL, EVIL, EVIL, EVIL], seed: '1' },
    },
  };
  const answer = await post(new URL(url).pathname, JSON.stringify(forged));
  expect(answer.status).toBeLessThan(500);
  await server.proxy.tracker.settle();
  const now = server.proxy.store.get(created.value.job_id)!;
  expect(JSON.stringify(now)).not.toContain('evil.example');
  expect(now.status).not.toBe('completed');
});

it('records the real callbacks, then ignores them duplicated and out of order', async () => {
  for (const text of ['a copper kettle', 'failtest: this one fails', 'a snail on a leaf --ar 2:3'])
    ledger.recordCreated(
      ((await client.create('diffusion', { text })) as { value: { job_id: string } }).value.job_id,
    );
  await ledger.waitUntilFinal(client, 40_000, 200);
  // The engine calls back on completion (and retries); wait until each finished task was announced.
  const deadline = Date.now() + 10_000;
  while (callbacks.length < ledger.size && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  expect(callbacks.length).toBeGreaterThanOrEqual(ledger.size);
  const before = await storedTasks();
  // Every recorded callback three more times, newest first.
  for (const cb of [...callbacks].reverse()) {
    for (let i = 0; i < 3; i++) {
      const answer = await post(cb.path, cb.body);
      expect(answer.status).toBe(200);
    }
  }
  // Stale states for finished tasks: "processing" and "pending" after "completed".
  for (const cb of callbacks) {
    const payload = JSON.parse(cb.body.toString()) as { data: Record<string, unknown> };
    for (const status of ['processing', 'pending', 'staged']) {
      const answer = await post(
        cb.path,
        JSON.stringify({ timestamp: Date.now(), data: { ...payload.data, status } }),
      );
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ accepted: false });
    }
  }
  await server.proxy.tracker.settle();
  expect(await storedTasks()).toEqual(before);
}, 60_000);

it('refuses callbacks whose token it never gave, with the spec error body', async () => {
  const tokens = [
    randomBytes(24).toString('base64url'),
    'x',
    '..%2F..%2Fhealthz',
    'a'.repeat(2_000),
    encodeURIComponent('"; DROP TABLE tasks; --'),
  ];
  for (const token of tokens) {
    const answer = await post(`/api/studio/callbacks/${token}`, JSON.stringify({ timestamp: 1, data: {} }));
    expect(answer.status, token.slice(0, 40)).toBeGreaterThanOrEqual(400);
    expect(answer.status, token.slice(0, 40)).toBeLessThan(500);
    const body = errorBodySchema.parse(JSON.parse(answer.text));
    expect(body.code).toBe(answer.status);
  }
});

it('survives junk bodies on a genuine callback URL without a 5xx or a change', async () => {
  const path = callbacks[0]!.path;
  const before = await storedTasks();
  const bodies: [string, string | Buffer][] = [
    ['application/json', ''],
    ['application/json', '{"timestamp":'],
    ['application/json', 'null'],
    ['application/json', '{"data":5}'],
    ['application/json', JSON.stringify({ data: { status: 'completed', job_id: 'someone-else' } })],
    ['text/plain', 'hello'],
    ['application/json', Buffer.alloc(3 * 1024 * 1024, 0x7b)],
  ];
  for (const [type, body] of bodies) {
    const answer = await post(path, body, type);
    expect(answer.status, `${type} ${String(body).slice(0, 30)}`).toBeLessThan(500);
  }
  await server.proxy.tracker.settle();
  expect(await storedTasks()).toEqual(before);
});

it('ends with every task once in the history, final, and none with forged pictures', async () => {
  await ledger.waitUntilFinal(client, 30_000, 200);
  const result = await ledger.reconcile(client);
  expect(result).toMatchObject({ lost: [], duplicated: [], unexpected: [], unfinished: [] });
  expect(result.created).toBe(4);
  expect(JSON.stringify(await client.listAll())).not.toContain('evil.example');
}, 40_000);
