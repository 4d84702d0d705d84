import { distance } from '../geometry';
import { newShapeId } from '../model';
import { IDLE, cancelOnEscape, type DrawingTool } from './types';

/**
 * Brush (paint) and Eraser (erase): press and paint; the stroke, brushSize image pixels wide, is
 * committed on release. Escape drops the stroke in progress.
 */
export function brushTool(mode: 'paint' | 'erase'): DrawingTool {
  return {
    down(_draft, p) {
      return { draft: { phase: 'drawing', points: [p], cursor: p } };
    },
    move(draft, p, ctx) {
      if (draft.phase === 'idle') return { draft };
      const last = draft.points[draft.points.length - 1]!;
      if (distance(last, p) < ctx.imagePixelsPerScreenPixel) return { draft };
      return { draft: { ...draft, points: [...draft.points, p], cursor: p } };
    },
    up(draft, _p, ctx) {
      if (draft.phase === 'idle') return { draft };
      return {
        draft: IDLE,
        shape: { id: newShapeId(), kind: 'stroke', mode, size: ctx.brushSize, points: draft.points },
      };
    },
    key: cancelOnEscape,
  };
}

export const paintBrushTool = brushTool('paint');
export const eraserTool = brushTool('erase');
