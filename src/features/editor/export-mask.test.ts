import { describe, expect, it } from 'vitest';
import { maskSchema } from '../../contract/common';
import { coverageWarning, exportAreas, exportMask, imageSizeProblem } from './export-mask';
import type { EditorDoc, Shape } from './model';

const image = { width: 1024, height: 1024 };
const doc = (shapes: Shape[], inverted = false): EditorDoc => ({
  shapes,
  inverted,
  canvas: null,
  placement: null,
});
const triangle: Shape = {
  id: 't',
  kind: 'area',
  tool: 'polygon',
  // Drawn anticlockwise, starting bottom-left, partly outside the image, with fractions.
  points: [
    { x: 100.4, y: 900.2 },
    { x: 1100, y: 950 },
    { x: 500, y: -30 },
  ],
};

describe('exportMask', () => {
  it('sends polygons as mask.areas: image size, whole pixels, clockwise from the top-left, clamped', () => {
    const result = exportMask(doc([triangle]), image);
    expect(result).toEqual({
      kind: 'areas',
      areas: [{ width: 1024, height: 1024, points: [500, 0, 1024, 950, 100, 900] }],
    });
    if (result.kind === 'areas') expect(maskSchema.safeParse({ areas: result.areas }).success).toBe(true);
  });

  it('sends the painted PNG when there are strokes or the mask is inverted', () => {
    const stroke: Shape = { id: 's', kind: 'stroke', mode: 'paint', size: 20, points: [{ x: 10, y: 10 }] };
    const withStroke = exportMask(doc([triangle, stroke]), image);
    expect(withStroke.kind).toBe('png');
    if (withStroke.kind === 'png')
      expect([withStroke.raster.width, withStroke.raster.height]).toEqual([1024, 1024]);
    expect(exportMask(doc([triangle], true), image).kind).toBe('png');
  });

  it('says empty when nothing would be repainted', () => {
    expect(exportMask(doc([]), image)).toEqual({ kind: 'empty' });
    const eraseOnly: Shape = { id: 'e', kind: 'stroke', mode: 'erase', size: 20, points: [{ x: 10, y: 10 }] };
    expect(exportMask(doc([eraseOnly]), image)).toEqual({ kind: 'empty' });
    const outside: Shape = {
      ...triangle,
      points: [
        { x: -5, y: 10 },
        { x: -9, y: 40 },
        { x: -20, y: 20 },
      ],
    };
    expect(exportMask(doc([outside]), image)).toEqual({ kind: 'empty' });
  });

  it('exports 50 polygons of 200 points in the image’s pixels', () => {
    const shapes: Shape[] = Array.from({ length: 50 }, (_, k) => ({
      id: `p${k}`,
      kind: 'area',
      tool: 'lasso',
      points: Array.from({ length: 200 }, (_, i) => ({
        x: 512 + 300 * Math.cos((i / 200) * 2 * Math.PI) + k,
        y: 512 + 300 * Math.sin((i / 200) * 2 * Math.PI),
      })),
    }));
    const areas = exportAreas(doc(shapes), image);
    expect(areas).toHaveLength(50);
    expect(maskSchema.safeParse({ areas }).success).toBe(true);
  });
});

describe('imageSizeProblem', () => {
  it('accepts 500–4096 px per side and explains anything else', () => {
    expect(imageSizeProblem({ width: 500, height: 4096 })).toBeNull();
    expect(imageSizeProblem({ width: 499, height: 1000 })).toMatch(/499×1000 px.*500 to 4096/);
    expect(imageSizeProblem({ width: 1000, height: 4097 })).not.toBeNull();
  });
});

describe('coverageWarning', () => {
  it('warns for an empty or a nearly full mask', () => {
    expect(coverageWarning(0)).toBe('empty');
    expect(coverageWarning(0.5)).toBeNull();
    expect(coverageWarning(0.97)).toBe('near-full');
  });
});
