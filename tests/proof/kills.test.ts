import { expect, it } from 'vitest';
import { runKills, type KillRunReport } from './lib/kill-run';

// SIGKILL mid-task, at npm-test size: the engine and the server as real child processes, each killed
// while designers keep clicking, and restarted on the same data. The many-kills run is
// `npm run bench -- faults`.

function expectNothingLost(report: KillRunReport) {
  const r = report.reconciliation;
  expect(r.created).toBeGreaterThanOrEqual(5);
  expect(r).toMatchObject({ lost: [], duplicated: [], unfinished: [] });
  expect(r.completed + r.failed).toBe(r.created);
  expect(r.completed).toBeGreaterThan(0);
  expect(r.failed).toBeGreaterThan(0);
  // While a process is down designers see refused connections, 5xx or a designed 429, never a false success.
  for (const status of Object.keys(report.clicks))
    expect(['200', '429', '502', '503', '504', 'network']).toContain(status);
}

it('loses nothing when the server and the engine, as separate processes, are killed and restarted', async () => {
  // UPSTREAM_URL is a fault injector in front of the engine, failing 20% of the calls on top of the kills.
  const report = await runKills({
    mode: 'upstream',
    kills: 2,
    designers: 2,
    uptimeMs: [700, 1_200],
    faultRate: 0.2,
  });
  expect(report.kills).toEqual({ proxy: 1, engine: 1 });
  const { passed, ...dealt } = report.faults!;
  expect(passed).toBeGreaterThan(0);
  expect(Object.values(dealt).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expectNothingLost(report);
}, 120_000);

it('loses nothing when the one studio process (embedded engine) is killed and restarted', async () => {
  const report = await runKills({ mode: 'embedded', kills: 1, designers: 2, uptimeMs: [700, 1_200] });
  expect(report.kills).toEqual({ proxy: 1, engine: 0 });
  expectNothingLost(report);
}, 120_000);
