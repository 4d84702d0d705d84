import { describe, expect, it } from 'vitest';
import { eraserTool, paintBrushTool } from './brush';
import { lassoTool } from './lasso';
import { polygonTool } from './polygon';
import { rectangleTool } from './rectangle';
import { IDLE, type Draft, type DrawingTool, type ToolContext } from './types';
import type { Point } from '../geometry';

const ctx: ToolContext = { imagePixelsPerScreenPixel: 1, brushSize: 30 };

function clicks(tool: DrawingTool, points: Point[], draft: Draft = IDLE) {
  let step = { draft } as ReturnType<DrawingTool['down']>;
  for (const p of points) {
    step = tool.down(step.draft, p, ctx);
    if (step.shape) return step;
    step = tool.up(step.draft, p, ctx);
  }
  return step;
}

describe('polygon tool', () => {
  const a = { x: 0, y: 0 };
  const b = { x: 100, y: 0 };
  const c = { x: 100, y: 100 };

  it('closes on a click near the first point', () => {
    const step = clicks(polygonTool, [a, b, c, { x: 4, y: 5 }]);
    expect(step.draft).toEqual(IDLE);
    expect(step.shape).toMatchObject({ kind: 'area', tool: 'polygon', points: [a, b, c] });
  });

  it('closes on Enter, needs 3 points, and Escape cancels', () => {
    const two = clicks(polygonTool, [a, b]);
    expect(polygonTool.key(two.draft, 'Enter', ctx).shape).toBeUndefined();
    const three = clicks(polygonTool, [a, b, c]);
    expect(polygonTool.key(three.draft, 'Enter', ctx).shape?.points).toEqual([a, b, c]);
    expect(polygonTool.key(three.draft, 'Escape', ctx)).toEqual({ draft: IDLE });
  });

  it('a click near the first point at high zoom is measured on screen', () => {
    // At 400% one screen pixel is a quarter image pixel: 4 image px away is 16 screen px, too far.
    const zoomed = { ...ctx, imagePixelsPerScreenPixel: 0.25 };
    let step = polygonTool.down(IDLE, a, zoomed);
    step = polygonTool.down(step.draft, b, zoomed);
    step = polygonTool.down(step.draft, c, zoomed);
    step = polygonTool.down(step.draft, { x: 4, y: 0 }, zoomed);
    expect(step.shape).toBeUndefined();
  });

  it('closes on a double-click (a second click on the last point) without adding it twice', () => {
    const step = clicks(polygonTool, [a, b, c, { x: 101, y: 101 }]);
    expect(step.shape?.points).toEqual([a, b, c]);
    // With two points only, the double-click is ignored rather than making a line.
    const two = clicks(polygonTool, [a, b, { x: 100, y: 1 }]);
    expect(two.shape).toBeUndefined();
    expect(two.draft).toMatchObject({ phase: 'drawing', points: [a, b] });
  });

  it('Backspace takes back the last point', () => {
    const step = polygonTool.key(clicks(polygonTool, [a, b, c]).draft, 'Backspace', ctx);
    expect(step.draft).toMatchObject({ phase: 'drawing', points: [a, b] });
  });
});

describe('rectangle tool', () => {
  it('commits the four corners on release, whichever way it was dragged', () => {
    let step = rectangleTool.down(IDLE, { x: 50, y: 60 }, ctx);
    step = rectangleTool.move(step.draft, { x: 10, y: 20 }, ctx);
    step = rectangleTool.up(step.draft, { x: 10, y: 20 }, ctx);
    expect(step.shape?.points).toEqual([
      { x: 10, y: 20 },
      { x: 50, y: 20 },
      { x: 50, y: 60 },
      { x: 10, y: 60 },
    ]);
  });

  it('ignores a click without a drag, and Escape cancels the drag', () => {
    const click = rectangleTool.up(rectangleTool.down(IDLE, { x: 5, y: 5 }, ctx).draft, { x: 6, y: 6 }, ctx);
    expect(click).toEqual({ draft: IDLE });
    const dragging = rectangleTool.move(
      rectangleTool.down(IDLE, { x: 5, y: 5 }, ctx).draft,
      { x: 80, y: 80 },
      ctx,
    );
    expect(rectangleTool.key(dragging.draft, 'Escape', ctx)).toEqual({ draft: IDLE });
  });
});

describe('lasso tool', () => {
  it('turns a freehand loop into a simplified polygon', () => {
    let step = lassoTool.down(IDLE, { x: 300, y: 200 }, ctx);
    for (let i = 1; i <= 500; i++) {
      const t = (i / 500) * 2 * Math.PI;
      step = lassoTool.move(step.draft, { x: 200 + 100 * Math.cos(t), y: 200 + 100 * Math.sin(t) }, ctx);
    }
    step = lassoTool.up(step.draft, { x: 300, y: 200 }, ctx);
    expect(step.shape?.kind).toBe('area');
    expect(step.shape!.points.length).toBeLessThan(60);
    expect(step.shape!.points.length).toBeGreaterThan(8);
  });

  it('drops a stroke with no area', () => {
    let step = lassoTool.down(IDLE, { x: 0, y: 0 }, ctx);
    step = lassoTool.move(step.draft, { x: 50, y: 0 }, ctx);
    expect(lassoTool.up(step.draft, { x: 100, y: 0 }, ctx)).toEqual({ draft: IDLE });
  });
});

describe('brush and eraser', () => {
  it('commit one stroke of the chosen size on release', () => {
    let step = paintBrushTool.down(IDLE, { x: 0, y: 0 }, ctx);
    step = paintBrushTool.move(step.draft, { x: 10, y: 0 }, ctx);
    step = paintBrushTool.up(step.draft, { x: 10, y: 0 }, ctx);
    expect(step.shape).toMatchObject({
      kind: 'stroke',
      mode: 'paint',
      size: 30,
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
    });
    const erase = eraserTool.up(eraserTool.down(IDLE, { x: 1, y: 1 }, ctx).draft, { x: 1, y: 1 }, ctx);
    expect(erase.shape).toMatchObject({ kind: 'stroke', mode: 'erase' });
  });
});
