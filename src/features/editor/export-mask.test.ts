import { describe, expect, it } from 'vitest';
import { maskSchema } from '../../contract/common';
import { coverageWarning, exportAreas, exportCanvasMask, exportMask, imageSizeProblem } from './export-mask';
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

describe('exportCanvasMask (upload-paint: drawn on the image, sent in canvas pixels)', () => {
  const small = { width: 600, height: 400 };
  const canvas = { width: 1200, height: 1000 };
  // The image shown at half size, 100 px from the left, 50 from the top.
  const placement = { x: 100, y: 50, width: 300, height: 200 };
  const rect: Shape = {
    id: 'r',
    kind: 'area',
    tool: 'rectangle',
    points: [
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 200, y: 100 },
      { x: 0, y: 100 },
    ],
  };

  it('maps polygons through the placement, sized to the canvas', () => {
    expect(exportCanvasMask(doc([rect]), small, canvas, placement)).toEqual({
      kind: 'areas',
      areas: [{ width: 1200, height: 1000, points: [100, 50, 200, 50, 200, 100, 100, 100] }],
    });
  });

  it('lays the painted raster onto the canvas where the image sits, black elsewhere', () => {
    const result = exportCanvasMask(doc([rect], true), small, canvas, placement);
    expect(result.kind).toBe('png');
    if (result.kind !== 'png') return;
    const at = (x: number, y: number) => result.raster.data[y * canvas.width + x];
    expect([result.raster.width, result.raster.height]).toEqual([1200, 1000]);
    expect(at(150, 70)).toBe(0); // inside the rectangle: inverted, kept
    expect(at(350, 200)).toBe(1); // the rest of the image: repainted
    expect(at(50, 20)).toBe(0); // the canvas beyond the image
    expect(at(450, 200)).toBe(0);
  });
});
