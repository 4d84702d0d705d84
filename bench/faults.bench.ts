import { runKills, type KillRunReport } from '../tests/proof/lib/kill-run';
import { percentile } from '../tests/proof/lib/stats';
import { runUpstreamFaults } from '../tests/proof/lib/upstream-fault-run';
import type { BenchResult } from './types';

// The fault runs at full size: the upstream failing 30% of calls for 20 designers × 15 clicks, and the
// server and the engine killed with SIGKILL mid-task many times (as real child processes, restarted on
// their data). Counted: tasks created (2xx) and tasks found at their end; goal: none lost, none duplicated.

const KILLS_UPSTREAM = Number(process.env.FAULT_KILLS ?? 20);
const KILLS_EMBEDDED = Math.ceil(KILLS_UPSTREAM / 2);

function killFigures(report: KillRunReport, label: string): BenchResult[] {
  const r = report.reconciliation;
  const bad = r.lost.length + r.duplicated.length + r.unfinished.length;
  const suite = 'faults';
  const kills = report.kills.proxy + report.kills.engine;
  return [
    {
      suite,
      name: `${label}: tasks created / found final`,
      value: r.created,
      unit: 'tasks',
      note: `found ${r.foundInList} (${r.completed} completed, ${r.failed} failed) after ${kills} SIGKILLs (server ${report.kills.proxy}, engine ${report.kills.engine})${report.faults ? `; upstream faults ${JSON.stringify(report.faults)}` : ''}`,
    },
    {
      suite,
      name: `${label}: lost, duplicated or unfinished`,
      value: bad,
      unit: 'tasks',
      goal: '0',
      pass: bad === 0,
    },
    {
      suite,
      name: `${label}: in the history without a 2xx`,
      value: r.unexpected.length,
      unit: 'tasks',
      note: 'created, then the server was killed before it answered; the designer still sees it in the gallery',
    },
    {
      suite,
      name: `${label}: upstream tasks the studio never heard of`,
      value: report.upstreamOnly ?? -1,
      unit: 'tasks',
      note: 'a kill swallowed the create answer after the engine acted; the interface has no idempotency key',
    },
    {
      suite,
      name: `${label}: restart to ready p50`,
      value: percentile(
        [...report.restartMs].sort((a, b) => a - b),
        50,
      ),
      unit: 'ms',
    },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const suite = 'faults';
  const upstream = await runUpstreamFaults({
    rate: 0.3,
    designers: 20,
    clicksEach: 15,
    seed: 7,
    settleTimeoutMs: 180_000,
  });
  const { passed, ...faults } = upstream.faults;
  const dealt = Object.values(faults).reduce((a, b) => a + b, 0);
  const r = upstream.reconciliation;
  const bad = r.lost.length + r.duplicated.length + r.unfinished.length + r.unexpected.length;
  const results: BenchResult[] = [
    {
      suite,
      name: 'upstream 30% faults: tasks created / found final',
      value: r.created,
      unit: 'tasks',
      note: `found ${r.foundInList} (${r.completed} completed, ${r.failed} failed); ${dealt} faults of ${dealt + passed} upstream calls: ${Object.entries(
        faults,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; clicks ${JSON.stringify(upstream.clicks)}`,
    },
    {
      suite,
      name: 'upstream 30% faults: lost, duplicated or unfinished',
      value: bad,
      unit: 'tasks',
      goal: '0',
      pass: bad === 0,
    },
    {
      suite,
      name: 'upstream 30% faults: result files that do not decode',
      value: upstream.unreadable.length,
      unit: 'files',
      goal: '0',
      pass: upstream.unreadable.length === 0,
      note: upstream.unreadable.slice(0, 2).join('; ') || undefined,
    },
  ];
  // "Upstream given": the server's UPSTREAM_URL is a fault injector (30%) in front of the engine process.
  results.push(
    ...killFigures(
      await runKills({ mode: 'upstream', kills: KILLS_UPSTREAM, designers: 4, faultRate: 0.3 }),
      'kill server+engine, 30% faults',
    ),
  );
  results.push(
    ...killFigures(
      await runKills({ mode: 'embedded', kills: KILLS_EMBEDDED, designers: 4 }),
      'kill studio (embedded)',
    ),
  );
  return results;
}
