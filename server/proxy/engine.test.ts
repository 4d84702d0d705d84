import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../engine/index';
import { parseEnv } from '../env';
import type { StudioTask, TaskList, UploadResult } from '../../src/contract/studio';
import type { Task } from '../../src/contract/task';
import { createLogger } from './logger';
import { startStudioServer, type StudioServer } from './index';
import { eventually } from './testing/harness';
import { recordingClient } from './testing/recording-client';

// The proxy against the real engine, both ways the studio runs: the engine embedded by
// startStudioServer (no UPSTREAM_URL), and the engine started alone with a key, given as UPSTREAM_URL
// (standing in for the real service). The second run is also the key-leak scan: every response, the
// built assets and every log line are searched for the key.

const KEY = 'LEAKCANARY-9f3e1c7a-upstream-key-never-shown';

async function finished(client: ReturnType<typeof recordingClient>, jobId: string, timeoutMs = 30_000) {
  return eventually(async () => {
    const { body } = await client.json<Task>(`/api/v1/job/${jobId}`);
    return body.status === 'completed' || body.status === 'failed' ? body : undefined;
  }, timeoutMs);
}

/** A designer's session: generate, vary, upload, retexture, favourite, browse. */
async function designerFlow(server: StudioServer) {
  const client = recordingClient(server.url);
  const created = await client.json<Task>('/api/v1/diffusion', {
    text: 'a red kite over the dunes --ar 3:2',
  });
  expect(created.status).toBe(200);
  const done = await finished(client, created.body.job_id);
  expect(done.status).toBe('completed');
  expect(done.output.image_urls).toHaveLength(4);
  const first = await client.send(done.output.image_urls![0]!);
  expect(first.headers.get('content-type')).toBe('image/png');
  const meta = await sharp(first.bytes).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(1.5, 1);

  const variation = await client.json<Task>('/api/v1/variation', {
    jobId: created.body.job_id,
    imageNo: 1,
    type: 0,
  });
  expect(variation.status).toBe(200);
  expect((await finished(client, variation.body.job_id)).status).toBe('completed');

  // An engine rule the proxy passes on: 422 for an image beyond those the job has.
  const beyond = await client.json<{ code: number }>('/api/v1/remix', {
    jobId: variation.body.job_id,
    imageNo: 3,
    remixPrompt: 'x',
  });
  expect([200, 422]).toContain(beyond.status);

  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), 'source.png');
  const upload = await client.send('/api/studio/uploads', { method: 'POST', body: form });
  expect(upload.status).toBe(201);
  const uploaded = JSON.parse(upload.text) as UploadResult;
  const retexture = await client.json<Task>('/api/v1/retexture', {
    imgUrl: uploaded.url,
    remixPrompt: 'brushed copper',
  });
  expect(retexture.status).toBe(200);
  expect((await finished(client, retexture.body.job_id)).status).toBe('completed');

  const fav = await client.json<StudioTask>(
    `/api/studio/tasks/${created.body.job_id}`,
    { favourite: true },
    'PATCH',
  );
  expect(fav.body.favourite).toBe(true);
  const list = await client.json<TaskList>('/api/studio/tasks');
  expect(list.body.items.length).toBeGreaterThanOrEqual(3);
  const parent = await client.json<StudioTask>(`/api/studio/tasks/${created.body.job_id}`);
  expect(parent.body.childJobIds).toContain(variation.body.job_id);
  expect(
    (await client.json<{ data: { available_points: number } }>('/api/account/balance')).body.data
      .available_points,
  ).toBeGreaterThan(0);
  expect((await client.json('/api/v1/diffusion', { text: '' })).status).toBe(400);
  expect(
    (await client.json('/api/v1/job/00000000-0000-4000-8000-000000000000')).status,
  ).toBeGreaterThanOrEqual(400);
  await client.send('/');
  await client.send('/healthz');
  return client;
}

describe('on the embedded engine (no UPSTREAM_URL)', () => {
  let server: StudioServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'proxy-embedded-'));
    const env = parseEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ENGINE_TIME_SCALE: '0.01',
      LOG_LEVEL: 'silent',
    });
    server = await startStudioServer({ env });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a whole designer session, with results copied into DATA_DIR', async () => {
    await designerFlow(server);
    const results = join(dataDir, 'files', 'results');
    expect(readdirSync(results).length).toBeGreaterThanOrEqual(3);
    expect(existsSync(join(dataDir, 'studio.sqlite'))).toBe(true);
  }, 90_000);
});

describe('with PUBLIC_URL: the engine calls back', () => {
  it('moves a task to its end on the engine callback alone, nobody polling', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proxy-callback-'));
    const port = await freePort();
    const env = parseEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ENGINE_TIME_SCALE: '0.05',
      LOG_LEVEL: 'silent',
    });
    // The follower reads once at the start and then not for a minute: only the callback can finish it.
    const server = await startStudioServer({
      env,
      tuning: { follower: { minDelayMs: 60_000, maxDelayMs: 60_000 } },
    });
    try {
      const response = await fetch(`${server.url}/api/v1/diffusion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'called back' }),
      });
      const { job_id: jobId } = (await response.json()) as Task;
      const done = await eventually(() => {
        const task = server.proxy.store.get(jobId)!;
        return task.status === 'completed' ? task : undefined;
      }, 30_000);
      expect(done.task.output.image_urls![0]).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${port}/files/results/`),
      );
      expect(done.task.config.webhook_config.endpoint).toBe('');
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('on the engine started alone, given as UPSTREAM_URL (key-leak scan)', () => {
  let engine: RunningEngine;
  let server: StudioServer;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'proxy-upstream-'));
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    engine = await startEngine({
      port: 0,
      dataDir: join(dataDir, 'alone'),
      apiKey: KEY,
      timeScale: 0.01,
      points: 100_000,
    });
    const env = parseEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(dataDir, 'studio'),
      UPSTREAM_URL: engine.url,
      API_KEY: KEY,
      LOG_LEVEL: 'trace',
    });
    // The server's own logger at its most talkative, to catch a key in any line.
    server = await startStudioServer({
      env,
      logger: createLogger({ level: 'trace', secrets: [], destination }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await engine?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a whole designer session and the key appears in no response, asset or log line', async () => {
    const client = await designerFlow(server);
    // Event stream and an upstream refusal belong to the flow too.
    const events = await fetch(`${server.url}/api/studio/events`);
    const reader = events.body!.getReader();
    const firstChunk = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(firstChunk).toContain('connected');

    expect(client.recorded.length).toBeGreaterThan(10);
    for (const entry of client.recorded) {
      expect(entry.body.includes(KEY), `${entry.url} body`).toBe(false);
      expect(entry.headers.includes(KEY), `${entry.url} headers`).toBe(false);
    }
    expect(logLines.length).toBeGreaterThan(5);
    expect(logLines.join('\n')).not.toContain(KEY);

    // The built studio (when built: run `npm run build` first) holds no key either.
    const dist = join(process.cwd(), 'dist');
    if (existsSync(dist)) {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(dist)) {
        const text = readFileSync(file, 'latin1');
        expect(text.includes(KEY), file).toBe(false);
        // The browser never sends a key, so the bundle has no reason even to name the header.
        expect(/x-api-key/i.test(text), `${file} mentions x-api-key`).toBe(false);
      }
    }
  }, 90_000);
});
