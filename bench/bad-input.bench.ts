import fc from 'fast-check';
import { OPERATION_PATHS } from '../src/contract/operations';
import {
  arbitraryBadBody,
  insideBoundaryCases,
  operationCases,
  type BadRequest,
} from '../tests/proof/lib/bad-bodies';
import {
  getTaskCases,
  multipartUploadPaintCases,
  routeCases,
  taskListCases,
} from '../tests/proof/lib/bad-requests';
import { probeAll, sendCase } from '../tests/proof/lib/probe';
import { startProofServer } from '../tests/proof/lib/proof-server';
import type { BenchResult } from './types';

// Bad input at bench size: every enumerated case plus 300 random wrong bodies per operation (seeded),
// against the proxy in-process and the engine over HTTP. Counted: requests tried, answers that were not
// the right 4xx with the spec's error body, and points spent (goal 0 for both).

const RANDOM_PER_OPERATION = Number(process.env.BAD_INPUT_RUNS ?? 300);
const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };

export async function run(): Promise<BenchResult[]> {
  const server = await startProofServer({
    engine: { rateLimitPerMinute: 10_000_000, maxQueued: 100_000 },
    tuning: { rateLimits: { reads: unlimited, writes: unlimited } },
  });
  try {
    const engineUrl = server.engine!.url;
    const balance = async () => {
      const r = await fetch(`${engineUrl}/api/account/balance`, { headers: { 'x-api-key': server.apiKey } });
      return ((await r.json()) as { data: { available_points: number } }).data.available_points;
    };
    const before = await balance();
    const random: BadRequest[] = OPERATION_PATHS.flatMap((path) =>
      fc.sample(arbitraryBadBody(path), { seed: 20_261_120, numRuns: RANDOM_PER_OPERATION }),
    );
    const cases = [
      ...operationCases(),
      ...insideBoundaryCases(),
      ...routeCases(),
      ...getTaskCases(),
      ...taskListCases(),
      ...random,
    ];
    const started = performance.now();
    const proxyProblems = await probeAll(
      cases,
      (c) => sendCase((path, init) => Promise.resolve(server.proxy.app.request(path, init)), c),
      [server.apiKey],
    );
    const engineCases = [
      ...cases.filter((c) => c.path.startsWith('/api/v1/')),
      ...multipartUploadPaintCases(),
    ];
    const engineProblems = await probeAll(
      engineCases,
      (c) => sendCase((path, init) => fetch(engineUrl + path, init), c, { 'x-api-key': server.apiKey }),
      [server.apiKey],
    );
    const ms = performance.now() - started;
    const spent = before - (await balance());
    const tried = cases.length + engineCases.length;
    const problems = [...proxyProblems, ...engineProblems];
    const suite = 'bad-input';
    return [
      {
        suite,
        name: 'bad requests tried (proxy + engine)',
        value: tried,
        unit: 'requests',
        note: `${(tried / (ms / 1000)).toFixed(0)} a second; ${random.length} of them random (fast-check seed 20261120)`,
      },
      {
        suite,
        name: 'answers not a 4xx in the spec error shape',
        value: problems.length,
        unit: 'answers',
        goal: '0',
        pass: problems.length === 0,
        note: problems.slice(0, 2).join(' | ') || undefined,
      },
      {
        suite,
        name: 'points spent by bad input',
        value: spent,
        unit: 'points',
        goal: '0',
        pass: spent === 0,
      },
      {
        suite,
        name: 'tasks recorded from bad input',
        value: server.proxy.store.count(),
        unit: 'tasks',
        goal: '0',
        pass: server.proxy.store.count() === 0,
      },
    ];
  } finally {
    await server.close();
  }
}
