import { describe, expect, it } from 'vitest';
import { LatencyLog, percentile, rssBytes } from './stats';
import { seededRandom } from './random';

describe('percentile', () => {
  it('takes the nearest rank, so p99 of 1..100 is 99 and p50 is 50', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('LatencyLog', () => {
  it('counts answers by status and sorts before taking percentiles', () => {
    const log = new LatencyLog();
    for (const ms of [30, 10, 20]) log.record(ms, 200);
    log.record(500, 429);
    log.record(1, 'network');
    expect(log.summary()).toEqual({
      count: 5,
      p50: 20,
      p99: 500,
      max: 500,
      byStatus: { '200': 3, '429': 1, network: 1 },
    });
  });
});

describe('rssBytes', () => {
  it('reads the same order of size from /proc as Node reports for itself', async () => {
    const fromProc = await rssBytes(process.pid);
    expect(fromProc).toBeGreaterThan(10 * 1024 * 1024);
    expect(Math.abs(fromProc - process.memoryUsage().rss)).toBeLessThan(fromProc / 2);
  });
});

describe('seededRandom', () => {
  it('replays the same sequence for the same seed and differs for another', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    const r = seededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(2, 4);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
  });
});
