import { freePort, startServerProcess, type ServerProcess } from './processes';
import type { ProofServerOptions } from './proof-server';
import { rssBytes } from './stats';

// The real server in a child process of its own (tests/proof/lib/serve-child.ts), so that its memory
// can be read from /proc without the load generator's, with the tuning only the app factory takes.

export interface ServerChild {
  url: string;
  process: ServerProcess;
  rss(): Promise<number>;
  /** The server's event-loop delay since it started (ms), from its latest report. */
  eventLoopDelay(): { p50: number; p99: number; max: number } | null;
  /** Samples RSS every `everyMs` until stopped; returns the peak and the samples. */
  sampleRss(everyMs?: number): { stop(): { peak: number; samples: number[] } };
  close(): Promise<void>;
}

export async function startServerChild(
  options: Omit<ProofServerOptions, 'port'>,
  nodeArgs: string[] = [],
): Promise<ServerChild> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startServerProcess({
    entry: 'tests/proof/lib/serve-child.ts',
    env: { PROOF_SERVER: JSON.stringify({ ...options, port }) },
    readyUrl: `${url}/healthz`,
    readyTimeoutMs: 60_000,
    nodeArgs,
  });
  return {
    url,
    process: child,
    rss: () => rssBytes(child.pid),
    eventLoopDelay() {
      const lines = child
        .output()
        .split('\n')
        .filter((l) => l.startsWith('eventloop '));
      const m = /p50=([\d.]+) p99=([\d.]+) max=([\d.]+)/.exec(lines.at(-1) ?? '');
      return m ? { p50: Number(m[1]), p99: Number(m[2]), max: Number(m[3]) } : null;
    },
    sampleRss(everyMs = 1_000) {
      const samples: number[] = [];
      const timer = setInterval(() => {
        rssBytes(child.pid).then(
          (n) => samples.push(n),
          () => undefined,
        );
      }, everyMs);
      return {
        stop: () => {
          clearInterval(timer);
          return { peak: Math.max(0, ...samples), samples };
        },
      };
    },
    close: () => child.kill('SIGTERM'),
  };
}
