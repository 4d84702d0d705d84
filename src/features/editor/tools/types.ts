import type { Point } from '../geometry';
import type { Shape } from '../model';

// Every drawing tool is a small machine: idle → drawing → done (a shape to commit) or cancelled
// (Escape). Points in progress stay in the draft, outside the store, so the store changes once per
// gesture. Tools are pure functions of (draft, input), which keeps them testable without a canvas.

export type Draft = { phase: 'idle' } | { phase: 'drawing'; points: Point[]; cursor: Point | null };

export const IDLE: Draft = { phase: 'idle' };

export interface ToolContext {
  /** Image pixels per screen pixel at the current zoom: tolerances are felt on screen. */
  imagePixelsPerScreenPixel: number;
  /** Brush and eraser width in image pixels. */
  brushSize: number;
}

export interface ToolStep {
  draft: Draft;
  /** Set when the gesture is done: the one shape to commit. */
  shape?: Shape;
}

export interface DrawingTool {
  down(draft: Draft, p: Point, ctx: ToolContext): ToolStep;
  move(draft: Draft, p: Point, ctx: ToolContext): ToolStep;
  up(draft: Draft, p: Point, ctx: ToolContext): ToolStep;
  key(draft: Draft, key: string, ctx: ToolContext): ToolStep;
}

/** Escape cancels whatever is in progress, for every tool. */
export function cancelOnEscape(draft: Draft, key: string): ToolStep {
  return key === 'Escape' ? { draft: IDLE } : { draft };
}
