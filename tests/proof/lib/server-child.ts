import { freePort, startServerProcess, type ServerProcess } from './processes';
import type { ProofServerOptions } from './proof-server';
import { rssBytes } from './stats';

// The real server in a child process of its own (tests/proof/lib/serve-child.ts), so that its memory
// can be read from /proc without the load generator's, with the tuning only the app factory takes.

export interface ServerChild {
  url: string;
  process: ServerProcess;
  rss(): Promise<number>;
  /** Samples RSS every `everyMs` until stopped; returns the peak and the samples. */
  sampleRss(everyMs?: number): { stop(): { peak: number; samples: number[] } };
  close(): Promise<void>;
}

export async function startServerChild(options: Omit<ProofServerOptions, 'port'>): Promise<ServerChild> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startServerProcess({
    entry: 'tests/proof/lib/serve-child.ts',
    env: { PROOF_SERVER: JSON.stringify({ ...options, port }) },
    readyUrl: `${url}/healthz`,
    readyTimeoutMs: 60_000,
  });
  return {
    url,
    process: child,
    rss: () => rssBytes(child.pid),
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
