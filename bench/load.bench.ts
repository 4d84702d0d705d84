import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runLoad } from '../tests/proof/lib/load';
import { startServerChild } from '../tests/proof/lib/server-child';
import { studioClient } from '../tests/proof/lib/studio-client';
import type { BenchResult } from './types';

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

// 200 simulated designers for 60 s on loopback against the real server in its own process (proxy,
// SQLite store, engine over HTTP rendering real images): each from its own loopback address, creating at
// a designer's pace (one Generate every 4–12 s), polling Get Task with the studio's pollDelay and
// refreshing the history every 10 s. Rate limits are the production defaults (proxy: per client address;
// engine: 600 creates a minute per key, 100 queued), so the only errors allowed are their designed 429s.

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const DURATION_MS = Number(process.env.LOAD_SECONDS ?? 60) * 1000;
const MB = 1024 * 1024;

export async function run(): Promise<BenchResult[]> {
  const server = await startServerChild({ timeScale: 0.02, points: 1_000_000_000, logLevel: 'warn' });
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

    const reader = studioClient({ baseUrl: server.url });
    const settleStarted = Date.now();
    await report.ledger.waitUntilFinal(reader, 300_000, 500);
    const settleMs = Date.now() - settleStarted;
    const result = await report.ledger.reconcile(reader);
    reader.close();

    const statuses = report.latency.byStatus;
    const tooMany = statuses['429'] ?? 0;
    const unexpected = report.requests - (statuses['200'] ?? 0) - tooMany;
    const suite = 'load';
    const note = `${CLIENTS} designers x ${DURATION_MS / 1000} s, ${report.requests} requests`;
    return [
      { suite, name: 'latency p50 (all requests)', value: report.latency.p50, unit: 'ms', note },
      {
        suite,
        name: 'latency p99 (all requests)',
        value: report.latency.p99,
        unit: 'ms',
        goal: '<= 2000 ms',
        pass: report.latency.p99 <= 2000,
      },
      { suite, name: 'create p99', value: report.byRoute.create.p99, unit: 'ms' },
      { suite, name: 'Get Task p99', value: report.byRoute.getTask.p99, unit: 'ms' },
      { suite, name: 'history page p99', value: report.byRoute.list.p99, unit: 'ms' },
      {
        suite,
        name: 'requests per second',
        value: report.requests / (report.durationMs / 1000),
        unit: 'req/s',
      },
      {
        suite,
        name: 'designed 429s',
        value: tooMany,
        unit: 'answers',
        note: `${((100 * tooMany) / Math.max(1, report.requests)).toFixed(1)}% of requests; creates refused: ${report.byRoute.create.byStatus['429'] ?? 0} of ${report.byRoute.create.count}`,
      },
      {
        suite,
        name: 'errors other than 429',
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
        name: 'tasks created',
        value: result.created,
        unit: 'tasks',
        note: `${result.completed} completed, ${result.failed} failed; all final ${(settleMs / 1000).toFixed(0)} s after the load`,
      },
      {
        suite,
        name: 'tasks lost or duplicated',
        value: result.lost.length + result.duplicated.length + result.unfinished.length,
        unit: 'tasks',
        goal: '0',
        pass: result.lost.length + result.duplicated.length + result.unfinished.length === 0,
      },
      {
        suite,
        name: 'server event-loop delay p99',
        value: serverLoop?.p99 ?? -1,
        unit: 'ms',
        note: serverLoop
          ? `max ${serverLoop.max} ms; the load generator's own p99 ${generatorLoop.p99.toFixed(0)} ms`
          : undefined,
      },
      { suite, name: 'server RSS idle', value: idleRss / MB, unit: 'MB' },
      {
        suite,
        name: 'server RSS peak under load',
        value: peak / MB,
        unit: 'MB',
        goal: '<= 512 MB',
        pass: peak <= 512 * MB,
      },
      { suite, name: 'server RSS after load', value: endRss / MB, unit: 'MB' },
    ];
  } finally {
    await server.close();
  }
}
