import { Circle, Line } from 'react-konva';
import { distance, flatten, rectangleCorners } from './geometry';
import { MASK_COLOUR, StrokeLine } from './MaskFill';
import type { ToolName } from './store';
import { CLOSE_DISTANCE } from './tools/polygon';
import type { Draft } from './tools/types';

// The gesture in progress, before it is committed: its fill goes on the translucent mask layer (so an
// eraser stroke erases as it is drawn), its outline and points above.

interface DraftProps {
  tool: ToolName;
  draft: Draft;
  inverted: boolean;
  brushSize: number;
  pixelSize: number;
}

export function DraftFill({ tool, draft, inverted, brushSize }: DraftProps) {
  if (draft.phase !== 'drawing') return null;
  const add = inverted ? 'destination-out' : 'source-over';
  if (tool === 'brush' || tool === 'eraser') {
    const paints = tool === 'brush';
    const operation = paints !== inverted ? 'source-over' : 'destination-out';
    return <StrokeLine points={draft.points} size={brushSize} operation={operation} />;
  }
  if (tool === 'rectangle')
    return (
      <Line
        points={flatten(rectangleCorners(draft.points[0]!, draft.points[1]!))}
        closed
        fillRule="evenodd"
        fill={MASK_COLOUR}
        globalCompositeOperation={add}
      />
    );
  if (tool === 'lasso')
    return (
      <Line
        points={flatten(draft.points)}
        closed
        fillRule="evenodd"
        fill={MASK_COLOUR}
        globalCompositeOperation={add}
      />
    );
  return null;
}

export function DraftOutline({ tool, draft, pixelSize }: DraftProps) {
  if (draft.phase !== 'drawing' || tool !== 'polygon') return null;
  const first = draft.points[0]!;
  // Near the first point a click will close the polygon: say so by snapping the rubber band to it.
  const closing =
    draft.points.length >= 3 &&
    draft.cursor !== null &&
    distance(first, draft.cursor) <= CLOSE_DISTANCE * pixelSize;
  const path = closing
    ? [...draft.points, first]
    : draft.cursor
      ? [...draft.points, draft.cursor]
      : draft.points;
  return (
    <>
      <Line
        points={flatten(path)}
        stroke="#ffffff"
        strokeWidth={1.5}
        strokeScaleEnabled={false}
        listening={false}
      />
      {draft.points.map((p, i) => (
        <Circle
          key={i}
          x={p.x}
          y={p.y}
          // The first point is bigger: clicking it closes the polygon.
          radius={(i === 0 ? (closing ? 8 : 6) : 3.5) * pixelSize}
          fill={i === 0 ? (closing ? '#22c55e' : '#7c3aed') : '#ffffff'}
          stroke="#ffffff"
          strokeWidth={1}
          strokeScaleEnabled={false}
          listening={false}
        />
      ))}
    </>
  );
}
