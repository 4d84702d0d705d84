import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Real server processes for the kill-and-restart proofs: the same entry points an operator runs
// (`npx tsx server/main.ts`, `npx tsx server/engine/main.ts`), started as `node --import tsx <entry>` so
// that the pid we SIGKILL is the server itself and not an npx wrapper that would leave it orphaned.

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcessOptions {
  /** Entry point relative to the repository, e.g. `server/main.ts`. */
  entry: string;
  env: Record<string, string>;
  /** URL answered once the server listens (any HTTP status counts as up). */
  readyUrl: string;
  readyTimeoutMs?: number;
  /** Extra Node flags, e.g. `--cpu-prof` to see where a loaded server spends its time. */
  nodeArgs?: string[];
}

export interface ServerProcess {
  readonly pid: number;
  /** The last lines the process wrote, for a failing test's message. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  readonly exited: Promise<number | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', options.entry],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (gone) throw new Error(`${options.entry} exited before it was ready:\n${lines.join('\n')}`);
    const up = await fetch(options.readyUrl, { signal: AbortSignal.timeout(1_000) }).then(
      async (r) => (await r.arrayBuffer(), true),
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${options.entry} not ready after ${options.readyTimeoutMs ?? 30_000} ms:\n${lines.join('\n')}`,
      );
    }
    await sleep(100);
  }

  return {
    pid: child.pid!,
    output: () => lines.join('\n'),
    exited,
    kill: async (signal = 'SIGKILL') => {
      if (gone) return;
      child.kill(signal);
      await exited;
    },
  };
}
