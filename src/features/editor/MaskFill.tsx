import { memo } from 'react';
import { Circle, Line, Rect } from 'react-konva';
import { flatten, type Point, type Size } from './geometry';
import type { Shape } from './model';

// The translucent overlay of what will be repainted. Drawn on its own layer (whose opacity makes it
// translucent) so the eraser can cut with destination-out without touching the image below. Inverted,
// the layer starts full and every added shape cuts a hole: the screen shows exactly what the raster
// export will send.

export const MASK_COLOUR = 'rgb(244, 63, 94)';

interface MaskFillProps {
  shapes: readonly Shape[];
  inverted: boolean;
  imageSize: Size;
}

export function MaskFill({ shapes, inverted, imageSize }: MaskFillProps) {
  return (
    <>
      {inverted && <Rect width={imageSize.width} height={imageSize.height} fill={MASK_COLOUR} />}
      {shapes.map((shape) => (
        <ShapeFill key={shape.id} shape={shape} inverted={inverted} />
      ))}
    </>
  );
}

/** Memoised: while one shape is dragged, the others keep their objects and are not re-rendered. */
export const ShapeFill = memo(function ShapeFill({ shape, inverted }: { shape: Shape; inverted: boolean }) {
  const adds = shape.kind === 'area' || shape.mode === 'paint';
  const operation = adds !== inverted ? 'source-over' : 'destination-out';
  if (shape.kind === 'area')
    return (
      <Line
        points={flatten(shape.points)}
        closed
        fillRule="evenodd"
        fill={MASK_COLOUR}
        globalCompositeOperation={operation}
      />
    );
  return <StrokeLine points={shape.points} size={shape.size} operation={operation} />;
});

export function StrokeLine({
  points,
  size,
  operation,
}: {
  points: readonly Point[];
  size: number;
  operation: GlobalCompositeOperation;
}) {
  if (points.length === 1)
    return (
      <Circle
        x={points[0]!.x}
        y={points[0]!.y}
        radius={size / 2}
        fill={MASK_COLOUR}
        globalCompositeOperation={operation}
      />
    );
  return (
    <Line
      points={flatten(points)}
      stroke={MASK_COLOUR}
      strokeWidth={size}
      lineCap="round"
      lineJoin="round"
      globalCompositeOperation={operation}
    />
  );
}
