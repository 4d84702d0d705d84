import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine, type RunningEngine } from '../server/engine/index';
import { parseEnv } from '../server/env';
import { startStudioServer, type StudioServer } from '../server/proxy/index';
import { createLogger } from '../server/proxy/logger';
import type { Task } from '../src/contract/task';
import type { BenchResult } from './types';

// The proxy's figures: what Get Task costs through the proxy next to the engine called directly
// (measured side by side, interleaved), and how many upstream Get Task calls one job causes when
// 1 or 50 browsers poll it at once (single-flight + freshness window; goal: 50 cost ≤ 1.1 × one).

const KEY = 'bench-proxy-key-0123456789abcdef';

/** A forwarder in front of the engine that counts Get Task calls per job. */
async function countingForwarder(target: string) {
  const reads = new Map<string, number>();
  const targetUrl = new URL(target);
  const server: Server = createServer((req, res) => {
    const match = /^\/api\/v1\/job\/([^/?]+)/.exec(req.url ?? '');
    if (req.method === 'GET' && match) reads.set(match[1]!, (reads.get(match[1]!) ?? 0) + 1);
    const upstream = httpRequest(
      {
        hostname: targetUrl.hostname,
        port: targetUrl.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createDiffusion(server: StudioServer, text: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/diffusion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error(`create answered ${response.status}`);
  return ((await response.json()) as Task).job_id;
}

/**
 * Browsers poll the given jobs until `until`: `pollers` browsers per job, each every 250 ms, as the
 * studio's cards do for a running task. Returns how many Get Task calls the browsers made.
 */
async function pollJobs(server: StudioServer, jobIds: string[], pollers: number, until: number) {
  let browserCalls = 0;
  await Promise.all(
    jobIds.flatMap((jobId) =>
      Array.from({ length: pollers }, async (_, i) => {
        await sleep((250 / pollers) * i); // browsers do not poll in lockstep
        while (Date.now() < until) {
          const response = await fetch(`${server.url}/api/v1/job/${jobId}`);
          const task = (await response.json()) as Task;
          browserCalls++;
          if (task.status === 'completed' || task.status === 'failed')
            throw new Error('a job ended inside the window');
          await sleep(250);
        }
      }),
    ),
  );
  return browserCalls;
}

/**
 * Upstream Get Task calls per job with 1 vs 50 browsers polling, measured side by side: both sets of
 * jobs are created together and polled over the same window, so the background follower and the
 * machine's load treat them alike; summing over several jobs keeps one call at a window's edge from
 * swinging the ratio.
 */
async function upstreamReadsSideBySide(server: StudioServer, reads: Map<string, number>, windowMs: number) {
  const jobsPerSide = 3;
  const create = (label: string) =>
    Promise.all(Array.from({ length: jobsPerSide }, (_, i) => createDiffusion(server, `${label} ${i}`)));
  const [single, crowded] = await Promise.all([
    create('poll test, 1 poller'),
    create('poll test, 50 pollers'),
  ]);
  const until = Date.now() + windowMs;
  const [singleCalls, crowdedCalls] = await Promise.all([
    pollJobs(server, single, 1, until),
    pollJobs(server, crowded, 50, until),
  ]);
  const upstreamOf = (jobIds: string[]) =>
    jobIds.reduce((sum, id) => sum + (reads.get(id) ?? 0), 0) / jobsPerSide;
  return {
    one: { upstream: upstreamOf(single), browserCalls: singleCalls / jobsPerSide },
    fifty: { upstream: upstreamOf(crowded), browserCalls: crowdedCalls / jobsPerSide },
  };
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  let engine: RunningEngine | undefined;
  let forwarder: Awaited<ReturnType<typeof countingForwarder>> | undefined;
  let server: StudioServer | undefined;
  try {
    // timeScale 3: a diffusion takes about 10-20 s, long enough to poll unfinished jobs for 8 s.
    engine = await startEngine({
      port: 0,
      dataDir: join(dataDir, 'engine'),
      apiKey: KEY,
      timeScale: 3,
      points: 1_000_000,
    });
    forwarder = await countingForwarder(engine.url);
    const env = parseEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(dataDir, 'studio'),
      UPSTREAM_URL: forwarder.url,
      API_KEY: KEY,
      LOG_LEVEL: 'silent',
    });
    server = await startStudioServer({
      env,
      logger: createLogger({ level: 'silent' }),
      // The bench is one client making thousands of calls: lift the per-client limit out of the way.
      tuning: {
        rateLimits: { reads: { burst: 1e6, perSecond: 1e6 }, writes: { burst: 1e4, perSecond: 1e4 } },
      },
    });

    // 1. Polling calls per job, 1 vs 50 browsers, side by side over the same window of unfinished jobs.
    const windowMs = 8000;
    const { one, fifty } = await upstreamReadsSideBySide(server, forwarder.reads, windowMs);
    const readRatio = fifty.upstream / Math.max(1, one.upstream);

    // 2. Get Task latency of a finished job: through the proxy vs the engine directly, interleaved.
    const jobId = await createDiffusion(server, 'latency probe');
    for (;;) {
      const task = (await (await fetch(`${server.url}/api/v1/job/${jobId}`)).json()) as Task;
      if (task.status === 'completed') break;
      await sleep(250);
    }
    const viaProxy: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < 30; i++) {
      await timed(`${server.url}/api/v1/job/${jobId}`);
      await timed(`${engine.url}/api/v1/job/${jobId}`, { 'x-api-key': KEY });
    }
    for (let i = 0; i < 300; i++) {
      viaProxy.push(await timed(`${server.url}/api/v1/job/${jobId}`));
      direct.push(await timed(`${engine.url}/api/v1/job/${jobId}`, { 'x-api-key': KEY }));
    }
    const proxyP50 = percentile(viaProxy, 50);
    const directP50 = percentile(direct, 50);

    return [
      { suite: 'proxy', name: 'Get Task p50 via proxy', value: proxyP50, unit: 'ms' },
      { suite: 'proxy', name: 'Get Task p50 engine direct', value: directP50, unit: 'ms' },
      { suite: 'proxy', name: 'Get Task p99 via proxy', value: percentile(viaProxy, 99), unit: 'ms' },
      { suite: 'proxy', name: 'Get Task p99 engine direct', value: percentile(direct, 99), unit: 'ms' },
      {
        suite: 'proxy',
        name: 'Get Task latency ratio proxy/direct (p50)',
        value: proxyP50 / directP50,
        unit: 'x',
        note: 'finished job, 300 interleaved calls each; the proxy answers from its store',
      },
      {
        suite: 'proxy',
        name: 'upstream Get Task calls per job, 1 poller',
        value: one.upstream,
        unit: 'calls',
        note: `${one.browserCalls} browser calls in ${windowMs} ms`,
      },
      {
        suite: 'proxy',
        name: 'upstream Get Task calls per job, 50 pollers',
        value: fifty.upstream,
        unit: 'calls',
        note: `${fifty.browserCalls} browser calls in ${windowMs} ms`,
      },
      {
        suite: 'proxy',
        name: 'upstream calls ratio 50 pollers / 1 poller',
        value: readRatio,
        unit: 'x',
        goal: '<= 1.1',
        pass: readRatio <= 1.1,
      },
    ];
  } finally {
    await server?.close();
    await forwarder?.close();
    await engine?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
