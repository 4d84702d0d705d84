import type { Polygon } from '../../contract/common';
import { LIMITS } from '../../contract/limits';
import { flatten, imageToCanvas, normalisePolygon, type Placement, type Size } from './geometry';
import { hasMask, needsRasterMask, type EditorDoc, type Shape } from './model';
import { rasteriseMask, type MaskRaster } from './raster';

// What the editor sends as `mask`. Polygons alone go as mask.areas, exactly as the spec asks (image
// size, whole pixels, clockwise from the top-left, clamped). Brush or eraser strokes and an inverted
// mask cannot be said with polygons, so they go as a black and white PNG at the image's size.

export type MaskExport =
  { kind: 'areas'; areas: Polygon[] } | { kind: 'png'; raster: MaskRaster } | { kind: 'empty' };

/** The spec's mask.areas for the area shapes of a mask, in the pixels of an image of `image` size. */
export function exportAreas(doc: Pick<EditorDoc, 'shapes'>, image: Size): Polygon[] {
  const areas: Polygon[] = [];
  for (const shape of doc.shapes) {
    if (shape.kind !== 'area') continue;
    const points = normalisePolygon(shape.points, image);
    if (points) areas.push({ width: image.width, height: image.height, points: flatten(points) });
  }
  return areas;
}

export function exportMask(doc: EditorDoc, image: Size): MaskExport {
  if (!hasMask(doc)) return { kind: 'empty' };
  if (needsRasterMask(doc)) return { kind: 'png', raster: rasteriseMask(doc, image) };
  const areas = exportAreas(doc, image);
  return areas.length > 0 ? { kind: 'areas', areas } : { kind: 'empty' };
}

/**
 * Upload-paint's mask, in the pixels of the canvas: the designer draws on the image (so the mask moves
 * and scales with it), and the service (our engine included) reads upload-paint masks in the canvas's
 * own pixels, polygons sized to the canvas and a mask image stretched to it. Beyond the image the
 * canvas is generated anyway, so a shape that reaches past the image's edge changes nothing there.
 */
export function exportCanvasMask(
  doc: EditorDoc,
  image: Size,
  canvas: Size,
  placement: Placement,
): MaskExport {
  if (!hasMask(doc)) return { kind: 'empty' };
  if (needsRasterMask(doc))
    return { kind: 'png', raster: placeRaster(rasteriseMask(doc, image), canvas, placement) };
  const shapes: Shape[] = doc.shapes.map((shape) => ({
    ...shape,
    points: shape.points.map((p) => imageToCanvas(p, placement, image)),
  }));
  const areas = exportAreas({ shapes }, canvas);
  return areas.length > 0 ? { kind: 'areas', areas } : { kind: 'empty' };
}

/**
 * The image's mask raster laid onto the canvas at the placement (nearest pixel, so it stays black and
 * white); the canvas around the image is left black: it is generated whatever the mask says.
 */
export function placeRaster(imageMask: MaskRaster, canvas: Size, placement: Placement): MaskRaster {
  const data = new Uint8Array(canvas.width * canvas.height);
  const left = Math.max(0, Math.round(placement.x));
  const top = Math.max(0, Math.round(placement.y));
  const right = Math.min(canvas.width, Math.round(placement.x + placement.width));
  const bottom = Math.min(canvas.height, Math.round(placement.y + placement.height));
  const sx = imageMask.width / placement.width;
  const sy = imageMask.height / placement.height;
  for (let y = top; y < bottom; y++) {
    const iy = Math.min(imageMask.height - 1, Math.floor((y + 0.5 - placement.y) * sy));
    for (let x = left; x < right; x++) {
      const ix = Math.min(imageMask.width - 1, Math.floor((x + 0.5 - placement.x) * sx));
      data[y * canvas.width + x] = imageMask.data[iy * imageMask.width + ix]!;
    }
  }
  return { width: canvas.width, height: canvas.height, data };
}

/** Why an image cannot carry a mask (the spec's 500–4096 px per side), or null when it can. */
export function imageSizeProblem(image: Size): string | null {
  const { min, max } = LIMITS.polygonSide;
  const ok = (side: number) => Number.isInteger(side) && side >= min && side <= max;
  if (ok(image.width) && ok(image.height)) return null;
  return (
    `This image is ${image.width}×${image.height} px; the service takes masks only for images ` +
    `${min} to ${max} px on each side, so it cannot be sent as it is.`
  );
}

/** The near-full threshold: above it the designer is warning that almost nothing is kept. */
export const NEAR_FULL_COVERAGE = 0.95;

export type CoverageWarning = 'empty' | 'near-full' | null;

export function coverageWarning(share: number): CoverageWarning {
  if (share <= 0) return 'empty';
  if (share >= NEAR_FULL_COVERAGE) return 'near-full';
  return null;
}
