import { describe, expect, it } from 'vitest';
import { panPreview, panResultSize } from './pan-geometry';

describe('panResultSize', () => {
  it('grows only along the direction', () => {
    expect(panResultSize({ width: 1024, height: 1024 }, 'right', 1.5)).toEqual({ width: 1536, height: 1024 });
    expect(panResultSize({ width: 1024, height: 576 }, 'up', 2)).toEqual({ width: 1024, height: 1152 });
    expect(panResultSize({ width: 1000, height: 1000 }, 'left', 1.13)).toEqual({ width: 1130, height: 1000 });
  });
});

describe('panPreview', () => {
  const box = { width: 360, height: 270 };

  it('fits the result into the box', () => {
    const { ghost } = panPreview({ width: 1024, height: 1024 }, 'right', 3, box);
    expect(ghost.width).toBeCloseTo(360);
    expect(ghost.height).toBeCloseTo(120);
  });

  it('keeps the source where it stays: left edge for right, bottom edge for up', () => {
    const right = panPreview({ width: 1024, height: 1024 }, 'right', 2, box);
    expect(right.image.left).toBe(0);
    const left = panPreview({ width: 1024, height: 1024 }, 'left', 2, box);
    expect(left.image.left).toBeCloseTo(left.ghost.width - left.image.width);
    const up = panPreview({ width: 1024, height: 1024 }, 'up', 2, box);
    expect(up.image.top).toBeCloseTo(up.ghost.height - up.image.height);
    const down = panPreview({ width: 1024, height: 1024 }, 'down', 2, box);
    expect(down.image.top).toBe(0);
  });
});
