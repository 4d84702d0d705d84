import { distance } from '../geometry';
import { newShapeId } from '../model';
import { IDLE, type Draft, type DrawingTool, type ToolStep } from './types';

/** A click this close (screen pixels) to the first point closes the polygon. */
export const CLOSE_DISTANCE = 10;

/** A second click this close (screen pixels) to the last point is a double-click: it closes too. */
export const DOUBLE_CLICK_DISTANCE = 3;

/**
 * Polygon: each click adds a point; a click on the first point, a double-click or Enter closes it (3
 * points at least); Backspace takes the last point back; Escape cancels.
 */
export const polygonTool: DrawingTool = {
  down(draft, p, ctx) {
    if (draft.phase === 'idle') return { draft: { phase: 'drawing', points: [p], cursor: p } };
    const first = draft.points[0]!;
    const last = draft.points[draft.points.length - 1]!;
    if (draft.points.length >= 3 && distance(first, p) <= CLOSE_DISTANCE * ctx.imagePixelsPerScreenPixel)
      return close(draft);
    if (distance(last, p) <= DOUBLE_CLICK_DISTANCE * ctx.imagePixelsPerScreenPixel)
      return draft.points.length >= 3 ? close(draft) : { draft };
    return { draft: { ...draft, points: [...draft.points, p], cursor: p } };
  },
  move(draft, p) {
    return draft.phase === 'drawing' ? { draft: { ...draft, cursor: p } } : { draft };
  },
  up(draft) {
    return { draft };
  },
  key(draft, key) {
    if (draft.phase === 'idle') return { draft };
    if (key === 'Escape') return { draft: IDLE };
    if (key === 'Enter') return close(draft);
    if (key === 'Backspace')
      return draft.points.length > 1
        ? { draft: { ...draft, points: draft.points.slice(0, -1) } }
        : { draft: IDLE };
    return { draft };
  },
};

function close(draft: Extract<Draft, { phase: 'drawing' }>): ToolStep {
  if (draft.points.length < 3) return { draft };
  return { draft: IDLE, shape: { id: newShapeId(), kind: 'area', tool: 'polygon', points: draft.points } };
}
