import type { Size } from './geometry';
import type { EditorDoc, Shape } from './model';

// The mask as pixels: 1 = repaint, 0 = keep. Plain JavaScript rather than a 2D canvas so the result is
// strictly black and white (a canvas antialiases edges into greys), identical in every browser, and
// testable in Node. Shapes are painted in order: areas and brush strokes add, eraser strokes remove,
// then the whole mask flips if it is inverted. The same function gives the coverage shown in the UI
// (at a reduced scale) and the PNG sent as mask.url (at the image's size).

export interface MaskRaster {
  width: number;
  height: number;
  /** Row-major, one byte per pixel, 1 = repaint. */
  data: Uint8Array;
}

/** Rasterises the mask of an image of `image` size; `scale` < 1 gives a cheaper, smaller raster. */
export function rasteriseMask(
  doc: Pick<EditorDoc, 'shapes' | 'inverted'>,
  image: Size,
  scale = 1,
): MaskRaster {
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8Array(width * height);
  const sx = width / image.width;
  const sy = height / image.height;
  for (const shape of doc.shapes) paintShape(data, width, height, shape, sx, sy);
  if (doc.inverted) for (let i = 0; i < data.length; i++) data[i] = 1 - data[i]!;
  return { width, height, data };
}

/** Share of the image that will be repainted, 0–1. */
export function coverage(raster: MaskRaster): number {
  let on = 0;
  for (let i = 0; i < raster.data.length; i++) on += raster.data[i]!;
  return on / raster.data.length;
}

function paintShape(data: Uint8Array, width: number, height: number, shape: Shape, sx: number, sy: number) {
  const points = shape.points.map((p) => ({ x: p.x * sx, y: p.y * sy }));
  if (shape.kind === 'area') {
    fillPolygon(data, width, height, points);
    return;
  }
  const value = shape.mode === 'paint' ? 1 : 0;
  const radius = (shape.size / 2) * Math.max(sx, sy);
  if (points.length === 1) stampSegment(data, width, height, points[0]!, points[0]!, radius, value);
  for (let i = 1; i < points.length; i++)
    stampSegment(data, width, height, points[i - 1]!, points[i]!, radius, value);
}

/**
 * Scanline fill with the even-odd rule, sampling each pixel at its centre: the rule the overlay is
 * drawn with (fillRule="evenodd") and the one our engine reads polygons with, so a self-crossing lasso
 * means the same thing on screen, in the coverage and on the service.
 */
function fillPolygon(data: Uint8Array, width: number, height: number, points: { x: number; y: number }[]) {
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const rowStart = Math.max(0, Math.ceil(minY - 0.5));
  const rowEnd = Math.min(height - 1, Math.floor(maxY - 0.5));
  const crossings: number[] = [];
  for (let row = rowStart; row <= rowEnd; row++) {
    const y = row + 0.5;
    crossings.length = 0;
    for (let i = 0; i < points.length; i++) {
      const a = points[i]!;
      const b = points[(i + 1) % points.length]!;
      if (a.y === b.y) continue;
      const top = a.y < b.y ? a : b;
      const bottom = a.y < b.y ? b : a;
      if (y < top.y || y >= bottom.y) continue;
      crossings.push(top.x + ((y - top.y) * (bottom.x - top.x)) / (bottom.y - top.y));
    }
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const from = Math.max(0, Math.ceil(crossings[i]! - 0.5));
      const to = Math.min(width - 1, Math.ceil(crossings[i + 1]! - 0.5) - 1);
      if (to >= from) data.fill(1, row * width + from, row * width + to + 1);
    }
  }
}

/** Sets every pixel whose centre lies within `radius` of the segment a–b (a round-capped stroke). */
function stampSegment(
  data: Uint8Array,
  width: number,
  height: number,
  a: { x: number; y: number },
  b: { x: number; y: number },
  radius: number,
  value: number,
) {
  const left = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
  const right = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
  const top = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSq = dx * dx + dy * dy;
  const radiusSq = radius * radius;
  for (let row = top; row <= bottom; row++) {
    const py = row + 0.5;
    for (let col = left; col <= right; col++) {
      const px = col + 0.5;
      let t = lengthSq === 0 ? 0 : ((px - a.x) * dx + (py - a.y) * dy) / lengthSq;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = px - (a.x + t * dx);
      const ey = py - (a.y + t * dy);
      if (ex * ex + ey * ey <= radiusSq) data[row * width + col] = value;
    }
  }
}
