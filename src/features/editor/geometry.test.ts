import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitView,
  imageToStage,
  naturalPlacement,
  normalisePolygon,
  polygonArea,
  signedArea2,
  simplifyPath,
  stageToImage,
  uncoveredShare,
  zoomAt,
  type Point,
} from './geometry';

const image = { width: 1024, height: 768 };

const viewArb = fc.record({
  scale: fc.double({ min: 0.05, max: 16, noNaN: true }),
  x: fc.double({ min: -5000, max: 5000, noNaN: true }),
  y: fc.double({ min: -5000, max: 5000, noNaN: true }),
});
const placementArb = fc.record({
  x: fc.integer({ min: -2000, max: 2000 }),
  y: fc.integer({ min: -2000, max: 2000 }),
  width: fc.integer({ min: 10, max: 4096 }),
  height: fc.integer({ min: 10, max: 4096 }),
});
const pointArb = fc.record({
  x: fc.double({ min: -3000, max: 3000, noNaN: true }),
  y: fc.double({ min: -3000, max: 3000, noNaN: true }),
});

describe('stage ↔ image conversion', () => {
  it('round-trips at any zoom, pan and placement', () => {
    fc.assert(
      fc.property(viewArb, placementArb, pointArb, (view, placement, p) => {
        const back = imageToStage(stageToImage(p, view, placement, image), view, placement, image);
        expect(back.x).toBeCloseTo(p.x, 6);
        expect(back.y).toBeCloseTo(p.y, 6);
      }),
    );
  });

  it('maps the screen to image pixels through zoom and pan', () => {
    const view = { scale: 2, x: 100, y: 50 };
    expect(stageToImage({ x: 100, y: 50 }, view, naturalPlacement(image), image)).toEqual({ x: 0, y: 0 });
    expect(stageToImage({ x: 300, y: 250 }, view, naturalPlacement(image), image)).toEqual({
      x: 100,
      y: 100,
    });
  });

  it('maps through an upload-paint placement into the image’s own pixels', () => {
    // The 1024×768 image drawn half size at (200, 100) on the canvas, view at 100%.
    const placement = { x: 200, y: 100, width: 512, height: 384 };
    const view = { scale: 1, x: 0, y: 0 };
    expect(stageToImage({ x: 200, y: 100 }, view, placement, image)).toEqual({ x: 0, y: 0 });
    expect(stageToImage({ x: 712, y: 484 }, view, placement, image)).toEqual({ x: 1024, y: 768 });
  });

  it('zooming and panning the view never moves a point of the image under the cursor', () => {
    fc.assert(
      fc.property(
        viewArb,
        pointArb,
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        (view, pointer, factor) => {
          const before = stageToImage(pointer, view, naturalPlacement(image), image);
          const zoomed = zoomAt(view, pointer, factor);
          const after = stageToImage(pointer, zoomed, naturalPlacement(image), image);
          expect(after.x).toBeCloseTo(before.x, 4);
          expect(after.y).toBeCloseTo(before.y, 4);
        },
      ),
    );
  });

  it('fits the image inside the viewport, centred, never above 100%', () => {
    expect(fitView({ width: 800, height: 600 }, { width: 2048, height: 2048 }, 0)).toEqual({
      scale: 600 / 2048,
      x: 100,
      y: 0,
    });
    expect(fitView({ width: 2000, height: 2000 }, { width: 500, height: 500 }, 0).scale).toBe(1);
  });
});

const bounds = { width: 1000, height: 800 };

/** Simple polygons of integer points inside the image: a star around a centre, angles sorted. */
const simplePolygonArb = fc
  .tuple(
    fc.integer({ min: 200, max: 800 }),
    fc.integer({ min: 200, max: 600 }),
    fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 40 }),
    fc.array(fc.integer({ min: 20, max: 190 }), { minLength: 40, maxLength: 40 }),
  )
  .map(([cx, cy, angles, radii]) =>
    angles
      .sort((a, b) => a - b)
      .map((deg, i) => ({
        x: Math.round(cx + radii[i]! * Math.cos((deg * Math.PI) / 180)),
        y: Math.round(cy + radii[i]! * Math.sin((deg * Math.PI) / 180)),
      })),
  )
  .filter((points) => normalisePolygon(points, bounds) !== null);

function rotate<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

describe('normalisePolygon (the spec’s clockwise, from the top-left)', () => {
  it('gives the same polygon whatever point the designer started at and whichever way they went', () => {
    fc.assert(
      fc.property(simplePolygonArb, fc.nat(), fc.boolean(), (points, start, reverse) => {
        const drawn = rotate(reverse ? [...points].reverse() : points, start);
        expect(normalisePolygon(drawn, bounds)).toEqual(normalisePolygon(points, bounds));
      }),
    );
  });

  it('is clockwise on screen (y down), starts at the top-left point and keeps the area', () => {
    fc.assert(
      fc.property(simplePolygonArb, (points) => {
        const result = normalisePolygon(points, bounds)!;
        expect(signedArea2(result)).toBeGreaterThan(0);
        const first = result[0]!;
        for (const p of result) {
          expect(first.x + first.y).toBeLessThanOrEqual(p.x + p.y);
          if (p.x + p.y === first.x + first.y) expect(first.y).toBeLessThanOrEqual(p.y);
        }
        expect(polygonArea(result)).toBe(polygonArea(dedupe(points)));
      }),
    );
  });

  it('turns a rectangle drawn anticlockwise from its bottom-right into the clockwise top-left form', () => {
    const drawn = [
      { x: 300, y: 200 },
      { x: 300, y: 100 },
      { x: 100, y: 100 },
      { x: 100, y: 200 },
    ];
    expect(normalisePolygon(drawn, bounds)).toEqual([
      { x: 100, y: 100 },
      { x: 300, y: 100 },
      { x: 300, y: 200 },
      { x: 100, y: 200 },
    ]);
  });

  it('rounds to whole pixels and clamps to the image', () => {
    const result = normalisePolygon(
      [
        { x: -50.4, y: -10 },
        { x: 1200, y: 20.6 },
        { x: 500.5, y: 900 },
      ],
      bounds,
    );
    expect(result).toEqual([
      { x: 0, y: 0 },
      { x: 1000, y: 21 },
      { x: 501, y: 800 },
    ]);
  });

  it('drops what has no area: too few points, or every point on one line', () => {
    expect(
      normalisePolygon(
        [
          { x: 1, y: 1 },
          { x: 5, y: 5 },
        ],
        bounds,
      ),
    ).toBeNull();
    expect(
      normalisePolygon(
        [
          { x: 1, y: 1 },
          { x: 5, y: 5 },
          { x: 9, y: 9 },
        ],
        bounds,
      ),
    ).toBeNull();
    // Entirely outside: clamping folds it onto the image's edge.
    expect(
      normalisePolygon(
        [
          { x: 1100, y: 10 },
          { x: 1200, y: 10 },
          { x: 1150, y: 90 },
        ],
        bounds,
      ),
    ).toBeNull();
  });
});

function dedupe(points: Point[]): Point[] {
  return points.filter((p, i) => {
    const prev = points[(i + points.length - 1) % points.length]!;
    return prev.x !== p.x || prev.y !== p.y;
  });
}

describe('simplifyPath (lasso)', () => {
  it('reduces a dense circle to far fewer points that stay within the tolerance', () => {
    const circle = Array.from({ length: 2000 }, (_, i) => ({
      x: 500 + 200 * Math.cos((i / 2000) * 2 * Math.PI),
      y: 400 + 200 * Math.sin((i / 2000) * 2 * Math.PI),
    }));
    const simplified = simplifyPath(circle, 1.5);
    expect(simplified.length).toBeLessThan(100);
    expect(simplified.length).toBeGreaterThan(10);
    // Every simplified point is on the circle, and its area is within 2% of the circle's.
    expect(Math.abs(polygonArea(simplified) - Math.PI * 200 * 200) / (Math.PI * 200 * 200)).toBeLessThan(
      0.02,
    );
  });

  it('keeps the ends and drops points on a straight line', () => {
    const line = Array.from({ length: 50 }, (_, i) => ({ x: i, y: 2 * i }));
    expect(simplifyPath(line, 0.5)).toEqual([line[0], line[49]]);
  });

  it('keeps every point of a path whose bends exceed the tolerance', () => {
    const zigzag = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 0 },
      { x: 30, y: 10 },
    ];
    expect(simplifyPath(zigzag, 1)).toEqual(zigzag);
  });
});

describe('uncoveredShare', () => {
  it('is the part of the canvas the image does not cover, whatever hangs over the edge', () => {
    const canvas = { width: 1000, height: 500 };
    expect(uncoveredShare(canvas, { x: 0, y: 0, width: 1000, height: 500 })).toBe(0);
    expect(uncoveredShare(canvas, { x: 250, y: 0, width: 500, height: 500 })).toBe(0.5);
    expect(uncoveredShare(canvas, { x: -500, y: 0, width: 1000, height: 500 })).toBe(0.5);
    expect(uncoveredShare(canvas, { x: 2000, y: 0, width: 100, height: 100 })).toBe(1);
  });
});
