import sharp from 'sharp';
import type { Polygon } from '../../../src/contract/common';

// Masks as one byte per pixel: 1 = repaint, 0 = keep. Polygons come in the pixels of the image they
// were drawn on (`width` × `height`) and are scaled to the image being edited.

export interface PixelMask {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Rasterises polygons with the even-odd rule, sampling at pixel centres; several polygons are
 * united. Each polygon is scaled from its own `width` × `height` to `width` × `height` here.
 */
export function rasterisePolygons(polygons: readonly Polygon[], width: number, height: number): PixelMask {
  const data = new Uint8Array(width * height);
  for (const polygon of polygons) {
    const sx = width / polygon.width;
    const sy = height / polygon.height;
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i + 1 < polygon.points.length; i += 2) {
      xs.push(polygon.points[i]! * sx);
      ys.push(polygon.points[i + 1]! * sy);
    }
    const n = xs.length;
    const crossings: number[] = [];
    for (let y = 0; y < height; y++) {
      const cy = y + 0.5;
      crossings.length = 0;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const yi = ys[i]!;
        const yj = ys[j]!;
        if (yi > cy !== yj > cy) crossings.push(xs[i]! + ((cy - yi) / (yj - yi)) * (xs[j]! - xs[i]!));
      }
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        // Pixel x is inside when its centre x + 0.5 lies in [from, to).
        const from = Math.max(0, Math.ceil(crossings[k]! - 0.5));
        const to = Math.min(width, Math.ceil(crossings[k + 1]! - 0.5));
        data.fill(1, y * width + from, y * width + to);
      }
    }
  }
  return { data, width, height };
}

/** A black and white mask image stretched to the picture; white (luminance > 50 %) is repainted. */
export async function maskFromImage(
  file: Buffer | string,
  width: number,
  height: number,
): Promise<PixelMask> {
  const grey = await sharp(file)
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = grey[i]! > 127 ? 1 : 0;
  return { data, width, height };
}

export function maskCoverage(mask: PixelMask): number {
  let count = 0;
  for (const v of mask.data) count += v;
  return count / mask.data.length;
}
