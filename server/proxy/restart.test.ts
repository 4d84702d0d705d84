import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskList } from '../../src/contract/studio';
import type { Task } from '../../src/contract/task';
import { startChildServer, type ChildServer } from './testing/child-server';
import { startFakeUpstream, type FakeUpstream } from './testing/fake-upstream';
import { eventually } from './testing/harness';

// The server killed mid-task (SIGKILL, no goodbye) and started again on the same DATA_DIR: every task
// is still listed once and reaches its end, moved on by the follower alone.

const KEY = 'sk-restart-test-key-0123456789';
let fake: FakeUpstream;
let dataDir: string;
const children: ChildServer[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream({ apiKey: KEY, processingAfterMs: 300, completedAfterMs: 2500 });
  dataDir = mkdtempSync(join(tmpdir(), 'proxy-restart-'));
});
afterAll(async () => {
  for (const child of children) await child.stop('SIGKILL');
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dataDir, UPSTREAM_URL: fake.url, API_KEY: KEY, LOG_LEVEL: 'warn' });

describe('starting', () => {
  it('refuses to listen beyond this machine without STUDIO_PASSWORD, with one clear line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Invalid environment: HOST .*STUDIO_PASSWORD/);
  }, 30_000);
});

describe('a server killed mid-task', () => {
  it('lists every task after a restart and follows each to its end', async () => {
    const first = await startChildServer(env());
    children.push(first);
    const created: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const response = await fetch(`${first.url}/api/v1/diffusion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      expect(response.status).toBe(200);
      created.push(((await response.json()) as Task).job_id);
    }
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startChildServer(env());
    children.push(second);
    const list = async () =>
      ((await (await fetch(`${second.url}/api/studio/tasks`)).json()) as TaskList).items;
    expect((await list()).map((t) => t.jobId).sort()).toEqual([...created].sort());
    // Nobody polls: the follower alone brings them to the end, with their results copied.
    const done = await eventually(async () => {
      const items = await list();
      return items.every((t) => t.status === 'completed') ? items : undefined;
    }, 20_000);
    expect(done).toHaveLength(3);
    for (const task of done) expect(task.task.output.image_urls![0]).toMatch(/^\/files\/results\//);
    const image = await fetch(`${second.url}${done[0]!.task.output.image_urls![0]}`);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Ctrl+C (SIGTERM here) stops it cleanly, and neither run printed the key.
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(first.output() + second.output()).not.toContain(KEY);
  }, 60_000);

  it('does the same on the embedded engine, as `npm start` runs it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'proxy-restart-embedded-'));
    const embeddedEnv = { DATA_DIR: own, ENGINE_TIME_SCALE: '0.3', LOG_LEVEL: 'warn' };
    try {
      const first = await startChildServer(embeddedEnv);
      children.push(first);
      const created: string[] = [];
      for (const text of ['harbour at dawn', 'harbour at noon']) {
        const response = await fetch(`${first.url}/api/v1/diffusion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        expect(response.status).toBe(200);
        created.push(((await response.json()) as Task).job_id);
      }
      await first.stop('SIGKILL');

      const second = await startChildServer(embeddedEnv);
      children.push(second);
      const list = async () =>
        ((await (await fetch(`${second.url}/api/studio/tasks`)).json()) as TaskList).items;
      expect((await list()).map((t) => t.jobId).sort()).toEqual([...created].sort());
      const done = await eventually(async () => {
        const items = await list();
        return items.every((t) => t.status === 'completed' || t.status === 'failed') ? items : undefined;
      }, 30_000);
      expect(done.map((t) => t.status)).toEqual(['completed', 'completed']);
      for (const task of done) expect(task.task.output.image_urls![0]).toMatch(/^\/files\/results\//);
      expect(await second.stop('SIGTERM')).toBe(0);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);
});
