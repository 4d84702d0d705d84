import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runLoad } from '../tests/proof/lib/load';
import { freePort, startServerProcess } from '../tests/proof/lib/processes';
import { startServerChild } from '../tests/proof/lib/server-child';
import { rssBytes } from '../tests/proof/lib/stats';
import { studioClient } from '../tests/proof/lib/studio-client';
import type { BenchResult } from './types';

// 200 simulated designers for 60 s on loopback against the real server in its own process (proxy,
// SQLite store, engine over HTTP rendering real images): each from its own loopback address, creating at
// a designer's pace (one Generate every 4–12 s), polling Get Task with the studio's pollDelay and
// refreshing the history every 10 s. Rate limits are the production defaults (proxy: per client address;
// engine: 600 creates a minute per key, 100 queued), so the only errors allowed are their designed 429s.
// Run twice: the engine in the server's process (as `npm start` embeds it), then in a process of its own
// (`npm run engine` + UPSTREAM_URL), to show what the rendering costs the proxy's event loop.

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const DURATION_MS = Number(process.env.LOAD_SECONDS ?? 60) * 1000;
const MB = 1024 * 1024;

/** How late this process's own timers run: a busy generator inflates every latency it measures. */
function generatorLoopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    stop: () => {
      histogram.disable();
      return { p99: histogram.percentile(99) / 1e6 };
    },
  };
}

/** The engine as its own process, as `npm run engine` runs it. */
async function engineProcess() {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-load-engine-'));
  const port = await freePort();
  const apiKey = randomBytes(24).toString('base64url');
  const url = `http://127.0.0.1:${port}`;
  const child = await startServerProcess({
    entry: 'server/engine/main.ts',
    env: {
      HOST: '127.0.0.1',
      ENGINE_PORT: String(port),
      ENGINE_API_KEY: apiKey,
      DATA_DIR: dataDir,
      ENGINE_TIME_SCALE: '0.02',
      ENGINE_POINTS: '1000000000',
      LOG_LEVEL: 'warn',
    },
    readyUrl: `${url}/api/account/balance`,
  });
  return {
    url,
    apiKey,
    pid: child.pid,
    close: async () => {
      await child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runOnce(engineApart: boolean): Promise<BenchResult[]> {
  const engine = engineApart ? await engineProcess() : undefined;
  const server = await startServerChild({
    timeScale: 0.02,
    points: 1_000_000_000,
    logLevel: 'warn',
    ...(engine ? { upstreamUrl: engine.url, apiKey: engine.apiKey } : {}),
  });
  try {
    const idleRss = await server.rss();
    const sampler = server.sampleRss(1_000);
    const loop = generatorLoopDelay();
    const report = await runLoad({
      baseUrl: server.url,
      clients: CLIENTS,
      durationMs: DURATION_MS,
      seed: 2026,
    });
    const { peak } = sampler.stop();
    const serverLoop = server.eventLoopDelay();
    const generatorLoop = loop.stop();
    const endRss = await server.rss();
    const engineRss = engine ? await rssBytes(engine.pid) : undefined;

    const reader = studioClient({ baseUrl: server.url });
    const settleStarted = Date.now();
    await report.ledger.waitUntilFinal(reader, 300_000, 500);
    const settleMs = Date.now() - settleStarted;
    const result = await report.ledger.reconcile(reader);
    reader.close();

    const statuses = report.latency.byStatus;
    const tooMany = statuses['429'] ?? 0;
    const unexpected = report.requests - (statuses['200'] ?? 0) - tooMany;
    const bad = result.lost.length + result.duplicated.length + result.unfinished.length;
    const suite = 'load';
    const p = engineApart ? 'engine apart: ' : '';
    const note = `${CLIENTS} designers x ${DURATION_MS / 1000} s, ${report.requests} requests${engineApart ? ', engine in its own process' : ', engine embedded'}`;
    const figures: BenchResult[] = [
      { suite, name: `${p}latency p50 (all requests)`, value: report.latency.p50, unit: 'ms', note },
      {
        suite,
        name: `${p}latency p99 (all requests)`,
        value: report.latency.p99,
        unit: 'ms',
        goal: '<= 2000 ms',
        pass: report.latency.p99 <= 2000,
      },
      { suite, name: `${p}create p99`, value: report.byRoute.create.p99, unit: 'ms' },
      { suite, name: `${p}Get Task p99`, value: report.byRoute.getTask.p99, unit: 'ms' },
      { suite, name: `${p}history page p99`, value: report.byRoute.list.p99, unit: 'ms' },
      {
        suite,
        name: `${p}requests per second`,
        value: report.requests / (report.durationMs / 1000),
        unit: 'req/s',
      },
      {
        suite,
        name: `${p}designed 429s`,
        value: tooMany,
        unit: 'answers',
        note: `${((100 * tooMany) / Math.max(1, report.requests)).toFixed(1)}% of requests; creates refused: ${report.byRoute.create.byStatus['429'] ?? 0} of ${report.byRoute.create.count}`,
      },
      {
        suite,
        name: `${p}errors other than 429`,
        value: unexpected,
        unit: 'answers',
        goal: '0',
        pass: unexpected === 0,
        note:
          report.unexpectedErrors
            .slice(0, 3)
            .map((e) => `${e.status} ${e.message}`)
            .join('; ') || undefined,
      },
      {
        suite,
        name: `${p}tasks created`,
        value: result.created,
        unit: 'tasks',
        note: `${result.completed} completed, ${result.failed} failed; all final ${(settleMs / 1000).toFixed(0)} s after the load`,
      },
      { suite, name: `${p}tasks lost or duplicated`, value: bad, unit: 'tasks', goal: '0', pass: bad === 0 },
      {
        suite,
        name: `${p}server event-loop delay p99`,
        value: serverLoop?.p99 ?? -1,
        unit: 'ms',
        note: serverLoop
          ? `max ${serverLoop.max} ms; the load generator's own p99 ${generatorLoop.p99.toFixed(0)} ms`
          : undefined,
      },
      { suite, name: `${p}server RSS idle`, value: idleRss / MB, unit: 'MB' },
      {
        suite,
        name: `${p}server RSS peak under load`,
        value: peak / MB,
        unit: 'MB',
        goal: '<= 512 MB',
        pass: peak <= 512 * MB,
      },
      { suite, name: `${p}server RSS after load`, value: endRss / MB, unit: 'MB' },
    ];
    if (engineRss !== undefined)
      figures.push({ suite, name: `${p}engine process RSS after load`, value: engineRss / MB, unit: 'MB' });
    return figures;
  } finally {
    await server.close();
    await engine?.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const embedded = await runOnce(false);
  const apart = process.env.LOAD_ENGINE_APART === '0' ? [] : await runOnce(true);
  return [...embedded, ...apart];
}
