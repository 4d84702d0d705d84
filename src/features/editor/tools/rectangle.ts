import { rectangleCorners } from '../geometry';
import { newShapeId } from '../model';
import { IDLE, cancelOnEscape, type DrawingTool } from './types';

/** A drag shorter than this (screen pixels) on either side is a stray click, not a rectangle. */
export const MIN_RECTANGLE_SIDE = 3;

/** Rectangle: press, drag to the opposite corner, release. Escape cancels. */
export const rectangleTool: DrawingTool = {
  down(_draft, p) {
    return { draft: { phase: 'drawing', points: [p, p], cursor: p } };
  },
  move(draft, p) {
    if (draft.phase === 'idle') return { draft };
    return { draft: { ...draft, points: [draft.points[0]!, p], cursor: p } };
  },
  up(draft, p, ctx) {
    if (draft.phase === 'idle') return { draft };
    const start = draft.points[0]!;
    const min = MIN_RECTANGLE_SIDE * ctx.imagePixelsPerScreenPixel;
    if (Math.abs(p.x - start.x) < min || Math.abs(p.y - start.y) < min) return { draft: IDLE };
    return {
      draft: IDLE,
      shape: { id: newShapeId(), kind: 'area', tool: 'rectangle', points: rectangleCorners(start, p) },
    };
  },
  key: cancelOnEscape,
};
