import { distance, polygonArea, simplifyPath } from '../geometry';
import { newShapeId } from '../model';
import { IDLE, cancelOnEscape, type DrawingTool } from './types';

/** Freehand samples closer than this (screen pixels) add nothing but weight. */
export const LASSO_SAMPLE_SPACING = 2;
/** How far (screen pixels) the simplified polygon may stray from the drawn path. */
export const LASSO_TOLERANCE = 1.5;

/**
 * Lasso: press and draw freehand; on release the path closes and is simplified (Ramer–Douglas–
 * Peucker) into a polygon that stays within LASSO_TOLERANCE screen pixels of what was drawn.
 */
export const lassoTool: DrawingTool = {
  down(_draft, p) {
    return { draft: { phase: 'drawing', points: [p], cursor: p } };
  },
  move(draft, p, ctx) {
    if (draft.phase === 'idle') return { draft };
    const last = draft.points[draft.points.length - 1]!;
    if (distance(last, p) < LASSO_SAMPLE_SPACING * ctx.imagePixelsPerScreenPixel) return { draft };
    return { draft: { ...draft, points: [...draft.points, p], cursor: p } };
  },
  up(draft, p, ctx) {
    if (draft.phase === 'idle') return { draft };
    const points = simplifyPath([...draft.points, p], LASSO_TOLERANCE * ctx.imagePixelsPerScreenPixel);
    const scale = ctx.imagePixelsPerScreenPixel;
    // A lasso with no area to speak of (a click, a straight line) is not a mask.
    if (points.length < 3 || polygonArea(points) < 16 * scale * scale) return { draft: IDLE };
    return { draft: IDLE, shape: { id: newShapeId(), kind: 'area', tool: 'lasso', points } };
  },
  key: cancelOnEscape,
};
