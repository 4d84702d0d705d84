import { beforeAll, expect, it } from 'vitest';
import { runUpstreamFaults, type UpstreamFaultReport } from './lib/upstream-fault-run';

// The upstream misbehaving on 30% of calls (500, 429, garbage, very slow, connections dropped before or
// after the engine acted) while 5 designers click Generate 6 times each. Every create that answered 2xx
// must end completed or failed, once, in the history and through Get Task, with results that still
// decode. The longer run is `npm run bench -- faults`.

let report: UpstreamFaultReport;

beforeAll(async () => {
  report = await runUpstreamFaults({
    rate: 0.3,
    designers: 5,
    clicksEach: 6,
    seed: 30,
    settleTimeoutMs: 45_000,
  });
}, 90_000);

it('dealt every kind of fault, at about the rate asked', () => {
  const { passed, ...faults } = report.faults;
  for (const [kind, count] of Object.entries(faults)) expect(count, kind).toBeGreaterThan(0);
  const dealt = Object.values(faults).reduce((a, b) => a + b, 0);
  expect(dealt / (dealt + passed)).toBeGreaterThan(0.15);
  expect(dealt / (dealt + passed)).toBeLessThan(0.45);
});

it('told designers the truth: a success, or an upstream error status, never a hang or a dropped answer', () => {
  expect(report.clicks['200']).toBeGreaterThanOrEqual(8);
  expect(report.clicks['network'] ?? 0).toBe(0);
  for (const status of Object.keys(report.clicks))
    expect(['200', '429', '500', '502', '503', '504']).toContain(status);
});

it('lost and duplicated nothing: every created task ended, once, in the history and by Get Task', () => {
  const r = report.reconciliation;
  expect(r).toMatchObject({ lost: [], duplicated: [], unexpected: [], unfinished: [] });
  expect(r.completed + r.failed).toBe(r.created);
  expect(r.completed).toBeGreaterThan(0);
  expect(r.failed).toBeGreaterThan(0);
});

it('kept real pictures for every completed task despite garbage and dropped downloads', () => {
  expect(report.unreadable).toEqual([]);
});

it('never logged the API key', () => {
  expect(report.keyInLogs).toBe(false);
});
