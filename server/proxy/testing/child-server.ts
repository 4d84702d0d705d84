import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

// `npx tsx server/main.ts` as a child process, the way `npm start` runs it: for the tests that kill
// the server for real and for the key-leak scan of its output.

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startChildServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    const check = () => {
      const match = /Studio on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
