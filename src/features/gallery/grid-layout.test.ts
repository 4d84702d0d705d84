import { describe, expect, it } from 'vitest';
import { columnCount, rowHeight, toRows } from './grid-layout';

describe('gallery grid', () => {
  it('fits as many cards as their minimum width allows, at least one, at most six', () => {
    expect(columnCount(1232, 240, 12)).toBe(4);
    expect(columnCount(720, 240, 12)).toBe(2);
    expect(columnCount(100, 240, 12)).toBe(1);
    expect(columnCount(5000, 240, 12)).toBe(6);
  });

  it('estimates a row as a square card plus its text', () => {
    expect(rowHeight(1000, 4, 12, 92)).toBe(Math.round((1000 - 36) / 4 + 92 + 12));
  });

  it('cuts items into rows', () => {
    expect(toRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
