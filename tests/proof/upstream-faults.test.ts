import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../server/engine/index';
import { clickGenerate, mergeCounts } from './lib/designers';
import { startFaultInjector, type FaultInjector } from './lib/fault-injector';
import { unreadableResults } from './lib/images';
import { Ledger, type Reconciliation } from './lib/ledger';
import { startProofServer, type ProofServer } from './lib/proof-server';
import { studioClient } from './lib/studio-client';

// A misbehaving upstream: 30% of every call from the proxy to the engine (creates, Get Task reads,
// result downloads) answers 500, 429, garbage, very slowly, or loses its connection before or after the
// engine acted. Designers keep clicking through it. Every create that answered 2xx must end completed or
// failed, once, in the history and through Get Task, with results that still decode.

const FAULT_RATE = 0.3;
let dataDir: string;
let engine: RunningEngine;
let injector: FaultInjector;
let server: ProofServer;
let clicks: Record<string, number>;
let result: Reconciliation;
const ledger = new Ledger();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-faults-'));
  const apiKey = randomBytes(24).toString('base64url');
  engine = await startEngine({
    port: 0,
    dataDir: join(dataDir, 'engine'),
    apiKey,
    timeScale: 0.02,
    points: 1_000_000,
  });
  injector = await startFaultInjector({ target: engine.url, rate: FAULT_RATE, seed: 30, slowMs: 2_500 });
  server = await startProofServer({
    upstreamUrl: injector.url,
    apiKey,
    dataDir: join(dataDir, 'proxy'),
    tuning: {
      // Short enough that a slow answer times out within the test; the defaults are 30 s and 15 s.
      upstream: { createTimeoutMs: 1_500, readTimeoutMs: 800, retryBaseMs: 50, maxRetryAfterMs: 1_500 },
      follower: { minDelayMs: 100, maxDelayMs: 400 },
      mirror: { timeoutMs: 1_500 },
    },
  });
  const prompts = ['a paper boat on a pond', 'a glass apple --ar 4:5', 'failtest: a task the engine fails'];
  const designers = Array.from({ length: 5 }, () => studioClient({ baseUrl: server.url }));
  clicks = mergeCounts(
    await Promise.all(
      designers.map((client) => clickGenerate(client, ledger, { clicks: 6, pauseMs: 150, prompts })),
    ),
  );
  const reader = studioClient({ baseUrl: server.url });
  await ledger.waitUntilFinal(reader, 45_000, 200);
  result = await ledger.reconcile(reader);
  for (const d of [...designers, reader]) d.close();
}, 90_000);

afterAll(async () => {
  await server?.close();
  await injector?.close();
  await engine?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('dealt every kind of fault, at about the rate asked', () => {
  const { passed, ...faults } = injector.counts;
  for (const [kind, count] of Object.entries(faults)) expect(count, kind).toBeGreaterThan(0);
  const dealt = Object.values(faults).reduce((a, b) => a + b, 0);
  expect(dealt / (dealt + passed)).toBeGreaterThan(0.15);
  expect(dealt / (dealt + passed)).toBeLessThan(0.45);
});

it('told designers the truth: success, or an upstream error in the 4xx/5xx of the spec, never a hang', () => {
  expect(clicks['200']).toBeGreaterThanOrEqual(8);
  expect(clicks['network'] ?? 0).toBe(0);
  for (const status of Object.keys(clicks))
    expect(['200', '429', '500', '502', '503', '504']).toContain(status);
});

it('lost and duplicated nothing: every created task ended, once, in the history and by Get Task', () => {
  expect(result.created).toBe(ledger.size);
  expect(result).toMatchObject({ lost: [], duplicated: [], unexpected: [], unfinished: [] });
  expect(result.completed + result.failed).toBe(result.created);
  expect(result.completed).toBeGreaterThan(0);
  expect(result.failed).toBeGreaterThan(0);
});

it('kept real pictures for every completed task despite garbage and dropped downloads', async () => {
  injector.setRate(0);
  const client = studioClient({ baseUrl: server.url });
  const problems: string[] = [];
  for (const jobId of ledger.jobIds()) {
    const answer = await client.getTask(jobId);
    if (answer.ok) problems.push(...(await unreadableResults(server.url, answer.value)));
  }
  client.close();
  expect(problems).toEqual([]);
}, 30_000);

it('never logged the API key', () => {
  expect(server.logs.join('\n')).not.toContain(server.apiKey);
});
