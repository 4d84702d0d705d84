import type { Polygon } from '../../contract/common';
import { LIMITS } from '../../contract/limits';
import { flatten, normalisePolygon, type Size } from './geometry';
import { hasMask, needsRasterMask, type EditorDoc } from './model';
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
