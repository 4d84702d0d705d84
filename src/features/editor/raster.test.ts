import { describe, expect, it } from 'vitest';
import { coverage, rasteriseMask } from './raster';
import type { Shape } from './model';

const image = { width: 100, height: 80 };
const square: Shape = {
  id: 'a',
  kind: 'area',
  tool: 'rectangle',
  points: [
    { x: 10, y: 10 },
    { x: 30, y: 10 },
    { x: 30, y: 30 },
    { x: 10, y: 30 },
  ],
};
const at = (r: { width: number; data: Uint8Array }, x: number, y: number) => r.data[y * r.width + x];

describe('rasteriseMask', () => {
  it('fills exactly the pixels inside a polygon', () => {
    const raster = rasteriseMask({ shapes: [square], inverted: false }, image);
    expect(coverage(raster)).toBe((20 * 20) / (100 * 80));
    expect(at(raster, 10, 10)).toBe(1);
    expect(at(raster, 29, 29)).toBe(1);
    expect(at(raster, 30, 30)).toBe(0);
    expect(at(raster, 9, 15)).toBe(0);
  });

  it('paints a round brush stroke and erases with the eraser, in drawing order', () => {
    const paint: Shape = {
      id: 'b',
      kind: 'stroke',
      mode: 'paint',
      size: 10,
      points: [
        { x: 50, y: 50 },
        { x: 80, y: 50 },
      ],
    };
    const erase: Shape = {
      id: 'c',
      kind: 'stroke',
      mode: 'erase',
      size: 10,
      points: [
        { x: 65, y: 40 },
        { x: 65, y: 60 },
      ],
    };
    const painted = rasteriseMask({ shapes: [paint], inverted: false }, image);
    expect(at(painted, 65, 50)).toBe(1);
    expect(at(painted, 65, 56)).toBe(0);
    expect(at(painted, 84, 50)).toBe(1); // the round cap
    const erased = rasteriseMask({ shapes: [paint, erase], inverted: false }, image);
    expect(at(erased, 65, 50)).toBe(0);
    expect(at(erased, 55, 50)).toBe(1);
    // An eraser before the paint erases nothing that is painted later.
    expect(coverage(rasteriseMask({ shapes: [erase, paint], inverted: false }, image))).toBe(
      coverage(painted),
    );
  });

  it('inverts the whole mask', () => {
    const raster = rasteriseMask({ shapes: [square], inverted: true }, image);
    expect(coverage(raster)).toBe(1 - (20 * 20) / (100 * 80));
    expect(at(raster, 15, 15)).toBe(0);
    expect(at(raster, 50, 50)).toBe(1);
  });

  it('gives the same coverage at a reduced scale', () => {
    const full = coverage(rasteriseMask({ shapes: [square], inverted: false }, image));
    const half = coverage(rasteriseMask({ shapes: [square], inverted: false }, image, 0.5));
    expect(half).toBeCloseTo(full, 3);
  });

  it('fills a lasso that loops inside itself by the even-odd rule, like the screen shows it', () => {
    // Around the square, then around a smaller square inside it: the inner one is a hole.
    const inner = [
      { x: 15, y: 15 },
      { x: 25, y: 15 },
      { x: 25, y: 25 },
      { x: 15, y: 25 },
    ];
    const looped: Shape = { ...square, points: [...square.points, square.points[0]!, ...inner, inner[0]!] };
    const raster = rasteriseMask({ shapes: [looped], inverted: false }, image);
    expect(at(raster, 12, 12)).toBe(1);
    expect(at(raster, 20, 20)).toBe(0);
  });
});
