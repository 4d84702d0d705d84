import { describe, expect, it } from 'vitest';
import { pollDelay } from './poll-delay';

describe('pollDelay', () => {
  it('polls a young task every second', () => {
    expect(pollDelay(0)).toBe(1000);
    expect(pollDelay(14_999)).toBe(1000);
  });

  it('backs off as the task ages and never decreases', () => {
    let previous = 0;
    for (let age = 0; age < 3 * 3600_000; age += 5_000) {
      const delay = pollDelay(age);
      expect(delay).toBeGreaterThanOrEqual(previous);
      previous = delay;
    }
    expect(pollDelay(60_000)).toBeGreaterThan(pollDelay(10_000));
  });

  it('keeps polling an old task (no cap on how long), at most every 30 s', () => {
    expect(pollDelay(24 * 3600_000)).toBe(30_000);
  });
});
