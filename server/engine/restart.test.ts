import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { taskSchema, type Task } from '../../src/contract/task';

// `npm run engine` as a real child process: killed with SIGKILL mid-task, started again on the same
// DATA_DIR, the task is still there and runs to the end; the generated key is kept, never printed.

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'engine-restart-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startEngineProcess(timeScale: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/engine/main.ts'], {
    cwd: repo,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      ENGINE_PORT: '0',
      ENGINE_TIME_SCALE: String(timeScale),
      ENGINE_POINTS: '5000',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`engine did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const match = /Engine listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    });
    child.on('exit', (code) => fail(new Error(`engine exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) =>
    child.exitCode !== null ? done(child.exitCode) : child.on('exit', (code) => done(code)),
  );

describe('restart persistence', () => {
  it('a task killed mid-render (kill -9) completes after the next start; points are frozen once', async () => {
    const first = await startEngineProcess(1);
    const keyFile = join(dataDir, 'engine', 'engine.key');
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(keyFile);
    expect(first.output()).not.toContain(key);
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };

    const created = taskSchema.parse(
      await (
        await fetch(`${first.url}/api/v1/diffusion`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ text: 'survives a crash --seed 5' }),
        })
      ).json(),
    );
    const read = async (origin: string): Promise<Task> =>
      taskSchema.parse(await (await fetch(`${origin}/api/v1/job/${created.job_id}`, { headers })).json());
    // At time scale 1 the task spends 3-6 s processing: kill it in the middle.
    for (let i = 0; i < 100 && (await read(first.url)).status !== 'processing'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await read(first.url)).status).toBe('processing');
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startEngineProcess(0.05);
    expect(second.output()).not.toContain(key);
    const resumed = await read(second.url);
    expect(['processing', 'completed']).toContain(resumed.status);
    let task = resumed;
    for (let i = 0; i < 400 && task.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = await read(second.url);
    }
    expect(task.status).toBe('completed');
    expect(task.meta.usage).toEqual({ type: 'point', frozen: 80, consume: 80 });
    expect(task.output.seed).toBe('5');
    expect(task.output.image_urls![0]!.startsWith(`${second.url}/files/`)).toBe(true);
    const image = await fetch(task.output.image_urls![0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const balance = (await (await fetch(`${second.url}/api/account/balance`, { headers })).json()) as {
      data: { available_points: number };
    };
    expect(balance.data.available_points).toBe(5000 - 80);

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 60_000);
});
