import { describe, expect, it } from 'vitest';
import { formatElapsed, parseTimestamp } from './elapsed';

describe('formatElapsed', () => {
  it.each([
    [0, '0 s'],
    [-5, '0 s'],
    [4_900, '4 s'],
    [65_000, '1 min 05 s'],
    [3_600_000 + 3 * 60_000, '1 h 03 min'],
  ])('%i ms reads %s', (ms, text) => expect(formatElapsed(ms)).toBe(text));
});

describe('parseTimestamp', () => {
  it('ignores the empty string and the zero timestamp of spec 2.4', () => {
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp('0001-01-01T00:00:00Z')).toBeNull();
    expect(parseTimestamp('garbage')).toBeNull();
  });

  it('reads an ISO timestamp', () => {
    expect(parseTimestamp('2026-01-02T03:04:05.000Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });
});
