import { describe, expect, it } from 'vitest';
import { meanDifference, mixBytes } from './raw';

describe('mixBytes', () => {
  const a = Uint8Array.from([0, 100, 255, 10]);
  const b = Uint8Array.from([255, 100, 0, 250]);

  it('keeps a at 0 and gives exactly b at 1', () => {
    expect([...mixBytes(a, b, 0)]).toEqual([...a]);
    expect([...mixBytes(a, b, 1)]).toEqual([...b]);
  });

  it('lands within one step of the exact blend in between', () => {
    for (const amount of [0.12, 0.45, 0.5, 0.85]) {
      const mixed = mixBytes(a, b, amount);
      a.forEach((v, i) => expect(Math.abs(mixed[i]! - (v + (b[i]! - v) * amount))).toBeLessThanOrEqual(1));
    }
  });
});

describe('meanDifference', () => {
  it('is the mean absolute difference per channel and refuses different sizes', () => {
    const one = { data: Buffer.from([0, 0, 0, 10, 10, 10]), width: 2, height: 1 };
    const two = { data: Buffer.from([0, 0, 0, 0, 0, 0]), width: 2, height: 1 };
    expect(meanDifference(one, two)).toBe(5);
    expect(() => meanDifference(one, { ...two, width: 1, height: 2 })).toThrow(/size/);
  });
});
