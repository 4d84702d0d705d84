import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { maskCoverage, maskFromImage, rasterisePolygons } from './mask';

describe('rasterisePolygons', () => {
  it('fills a rectangle exactly, scaled from its own image size', () => {
    // 100..300 × 100..200 on a 1000×1000 image becomes 10..30 × 10..20 on 100×100.
    const polygon = { width: 1000, height: 1000, points: [100, 100, 300, 100, 300, 200, 100, 200] };
    const mask = rasterisePolygons([polygon], 100, 100);
    expect(maskCoverage(mask)).toBeCloseTo((20 * 10) / 10000, 6);
    expect(mask.data[15 * 100 + 10]).toBe(1);
    expect(mask.data[15 * 100 + 29]).toBe(1);
    expect(mask.data[15 * 100 + 30]).toBe(0);
    expect(mask.data[9 * 100 + 15]).toBe(0);
  });

  it('fills a triangle about half of its bounding box and unites polygons', () => {
    const triangle = { width: 500, height: 500, points: [0, 0, 500, 0, 0, 500] };
    const mask = rasterisePolygons([triangle], 500, 500);
    expect(maskCoverage(mask)).toBeGreaterThan(0.49);
    expect(maskCoverage(mask)).toBeLessThan(0.51);
    const other = { width: 500, height: 500, points: [500, 500, 0, 500, 500, 0] };
    expect(maskCoverage(rasterisePolygons([triangle, other], 500, 500))).toBe(1);
  });
});

describe('maskFromImage', () => {
  it('treats white as repaint and black as keep, stretched to the picture', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } })
      .composite([
        { input: { create: { width: 10, height: 10, channels: 3, background: '#fff' } }, left: 10, top: 0 },
      ])
      .png()
      .toBuffer();
    const mask = await maskFromImage(png, 40, 20);
    expect(mask.data[5 * 40 + 5]).toBe(0);
    expect(mask.data[5 * 40 + 35]).toBe(1);
    expect(maskCoverage(mask)).toBeCloseTo(0.5, 1);
  });
});
