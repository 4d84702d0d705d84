import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { errorBodySchema } from '../../src/contract/errors';
import { taskSchema, type Task, type TaskStatus } from '../../src/contract/task';
import { startEngine, type EngineOptions, type RunningEngine } from './index';
import { decodeRgb, type RawImage } from './render/raw';

// Shared by the engine's HTTP test suites: a real engine on a free port in a temp folder, and a
// tiny real HTTP server for source images. Not a test file itself.

export const TEST_KEY = 'test-key-0123456789';

export interface TestEngine {
  url: string;
  dataDir: string;
  post(
    operation: string,
    body: unknown,
    init?: { key?: string | null; headers?: Record<string, string> },
  ): Promise<Response>;
  create(operation: string, body: unknown): Promise<Task>;
  get(jobId: string): Promise<Response>;
  waitFor(jobId: string, statuses?: TaskStatus[], timeoutMs?: number): Promise<Task>;
  balance(): Promise<number>;
  close(): Promise<void>;
}

export async function startTestEngine(options: Partial<EngineOptions> = {}): Promise<TestEngine> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engine-test-'));
  const engine: RunningEngine = await startEngine({
    port: 0,
    dataDir,
    apiKey: TEST_KEY,
    timeScale: 0,
    points: 1_000_000,
    ...options,
  });
  const headers = (key: string | null | undefined): Record<string, string> =>
    key === null ? {} : { 'x-api-key': key ?? TEST_KEY };
  const post: TestEngine['post'] = (operation, body, init = {}) =>
    fetch(`${engine.url}/api/v1/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(init.key), ...init.headers },
      body: typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
    });
  const get: TestEngine['get'] = (jobId) =>
    fetch(`${engine.url}/api/v1/job/${jobId}`, { headers: headers(undefined) });
  return {
    url: engine.url,
    dataDir,
    post,
    get,
    async create(operation, body) {
      const response = await post(operation, body);
      const json = (await response.json()) as unknown;
      if (response.status !== 200)
        throw new Error(`${operation} answered ${response.status}: ${JSON.stringify(json)}`);
      return taskSchema.parse(json);
    },
    async waitFor(jobId, statuses = ['completed', 'failed'], timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const task = taskSchema.parse(await (await get(jobId)).json());
        if (statuses.includes(task.status)) return task;
        if (Date.now() > until) throw new Error(`${jobId} still ${task.status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async balance() {
      const response = await fetch(`${engine.url}/api/account/balance`, { headers: headers(undefined) });
      return ((await response.json()) as { data: { available_points: number } }).data.available_points;
    },
    async close() {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the spec's error body (code = status) and returns it. */
export async function expectError(response: Response, status: number, messagePart?: RegExp) {
  const body = errorBodySchema.parse(await response.json());
  expect(response.status).toBe(status);
  expect(body.code).toBe(status);
  if (messagePart) expect(body.message).toMatch(messagePart);
  return body;
}

/** A real HTTP server that serves whatever the test puts in `files` (path → bytes + type). */
export async function startFileServer() {
  const files = new Map<string, { body: Buffer; type: string; status?: number }>();
  const server: Server = createServer((request, response) => {
    const file = files.get((request.url ?? '').split('?')[0]!);
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response
      .writeHead(file.status ?? 200, { 'content-type': file.type, 'content-length': file.body.length })
      .end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    files,
    put(path: string, body: Buffer, type = 'image/png') {
      files.set(path, { body, type });
      return `${origin}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test picture with structure: four coloured quadrants and a diagonal band. */
export async function testPicture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="50%" height="50%" fill="#d03020"/><rect x="50%" width="50%" height="50%" fill="#2060d0"/>
    <rect y="50%" width="50%" height="50%" fill="#30a040"/><rect x="50%" y="50%" width="50%" height="50%" fill="#e0c020"/>
    <path d="M0 ${height} L${width} 0" stroke="#ffffff" stroke-width="${Math.round(width / 12)}"/></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha()[format]().toBuffer();
}

export async function downloadRgb(url: string): Promise<RawImage> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return decodeRgb(Buffer.from(await response.arrayBuffer()));
}
