import type { ToolName } from '../store';
import { eraserTool, paintBrushTool } from './brush';
import { lassoTool } from './lasso';
import { polygonTool } from './polygon';
import { rectangleTool } from './rectangle';
import type { DrawingTool } from './types';

/** The toolbar, in order: each tool named by what it does, with its one-key shortcut. */
export const TOOLS: ReadonlyArray<{ name: ToolName; label: string; shortcut: string; hint: string }> = [
  { name: 'select', label: 'Select', shortcut: 'V', hint: 'Select, move and delete shapes; drag vertices' },
  { name: 'hand', label: 'Hand', shortcut: 'H', hint: 'Pan the view (or hold Space and drag)' },
  {
    name: 'polygon',
    label: 'Polygon',
    shortcut: 'P',
    hint: 'Click points; close on the first point, a double-click or Enter',
  },
  { name: 'rectangle', label: 'Rectangle', shortcut: 'R', hint: 'Drag from corner to corner' },
  { name: 'lasso', label: 'Lasso', shortcut: 'L', hint: 'Draw freehand around the area' },
  { name: 'brush', label: 'Brush', shortcut: 'B', hint: 'Paint the area to repaint' },
  { name: 'eraser', label: 'Eraser', shortcut: 'E', hint: 'Erase from the mask' },
];

export const DRAWING_TOOLS: Partial<Record<ToolName, DrawingTool>> = {
  polygon: polygonTool,
  rectangle: rectangleTool,
  lasso: lassoTool,
  brush: paintBrushTool,
  eraser: eraserTool,
};

export function toolForShortcut(key: string): ToolName | null {
  const upper = key.toUpperCase();
  return TOOLS.find((t) => t.shortcut === upper)?.name ?? null;
}
