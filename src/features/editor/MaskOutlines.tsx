import type Konva from 'konva';
import { memo } from 'react';
import { Circle, Line } from 'react-konva';
import { flatten, type Point } from './geometry';
import type { AreaShape, Shape } from './model';

// Outlines of the shapes, and in Select mode their hit areas, drag and vertex handles. Drags only
// report where they are (onLive) while they run; the store hears about them once, on release. Every
// part is memoised so that dragging one vertex of one shape re-renders that shape alone.

export interface LiveEdit {
  shapeId: string;
  /** Whole-shape move in image pixels. */
  dx?: number;
  dy?: number;
  /** One vertex dragged to a point. */
  vertex?: { index: number; to: Point };
}

interface Callbacks {
  onSelect: (id: string) => void;
  onLive: (edit: LiveEdit | null) => void;
  onMoveShape: (id: string, dx: number, dy: number) => void;
  onMoveVertex: (id: string, index: number, to: Point) => void;
}

interface MaskOutlinesProps extends Callbacks {
  shapes: readonly Shape[];
  selectedId: string | null;
  selecting: boolean;
  /** The shape whose vertex is being dragged: drawn live by SelectionHandles meanwhile. */
  hiddenId: string | null;
}

export function MaskOutlines({ shapes, selectedId, selecting, hiddenId, ...callbacks }: MaskOutlinesProps) {
  return shapes.map((shape) => (
    <ShapeOutline
      key={shape.id}
      shape={shape}
      selected={shape.id === selectedId}
      selecting={selecting}
      hidden={shape.id === hiddenId}
      {...callbacks}
    />
  ));
}

/**
 * The selected polygon's vertex handles, on a layer of their own: dragging one redraws this layer and
 * the edited shape, not the outlines of every other shape. While a vertex moves, the shape's outline
 * is drawn here too (MaskOutlines hides its committed one).
 */
export function SelectionHandles({
  shape,
  editing,
  pixelSize,
  ...callbacks
}: { shape: AreaShape; editing: boolean; pixelSize: number } & Callbacks) {
  return (
    <>
      {editing && (
        <Line
          points={flatten(shape.points)}
          closed
          stroke="#a78bfa"
          strokeWidth={2}
          strokeScaleEnabled={false}
          listening={false}
        />
      )}
      <VertexHandles shape={shape} pixelSize={pixelSize} {...callbacks} />
    </>
  );
}

const ShapeOutline = memo(function ShapeOutline({
  shape,
  selected,
  selecting,
  hidden,
  onSelect,
  onLive,
  onMoveShape,
}: { shape: Shape; selected: boolean; selecting: boolean; hidden: boolean } & Callbacks) {
  const common = {
    visible: !hidden,
    draggable: selecting,
    onPointerDown: (e: Konva.KonvaEventObject<PointerEvent>) => {
      if (!selecting) return;
      e.cancelBubble = true;
      onSelect(shape.id);
    },
    onDragMove: (e: Konva.KonvaEventObject<DragEvent>) =>
      onLive({ shapeId: shape.id, dx: e.target.x(), dy: e.target.y() }),
    onDragEnd: (e: Konva.KonvaEventObject<DragEvent>) => {
      const node = e.target;
      const dx = node.x();
      const dy = node.y();
      node.position({ x: 0, y: 0 });
      onLive(null);
      onMoveShape(shape.id, dx, dy);
    },
  };
  if (shape.kind === 'area')
    return (
      <Line
        {...common}
        points={flatten(shape.points)}
        closed
        fillRule="evenodd"
        fill="transparent"
        stroke={selected ? '#a78bfa' : 'rgba(255,255,255,0.7)'}
        strokeWidth={selected ? 2 : 1}
        strokeScaleEnabled={false}
        perfectDrawEnabled={false}
      />
    );
  return (
    <Line
      {...common}
      points={flatten(shape.points.length === 1 ? [shape.points[0]!, shape.points[0]!] : shape.points)}
      stroke={selected ? 'rgba(167,139,250,0.45)' : 'transparent'}
      strokeWidth={shape.size}
      lineCap="round"
      lineJoin="round"
    />
  );
});

const VertexHandles = memo(function VertexHandles({
  shape,
  pixelSize,
  onLive,
  onMoveVertex,
}: { shape: AreaShape; pixelSize: number } & Callbacks) {
  return shape.points.map((p, index) => (
    <Circle
      key={index}
      x={p.x}
      y={p.y}
      radius={6 * pixelSize}
      fill="#ffffff"
      stroke="#7c3aed"
      strokeWidth={2}
      strokeScaleEnabled={false}
      draggable
      onPointerDown={(e) => {
        e.cancelBubble = true;
      }}
      onDragMove={(e) =>
        onLive({ shapeId: shape.id, vertex: { index, to: { x: e.target.x(), y: e.target.y() } } })
      }
      onDragEnd={(e) => {
        const to = { x: e.target.x(), y: e.target.y() };
        onLive(null);
        onMoveVertex(shape.id, index, to);
      }}
    />
  ));
});

/** The shapes as they look during a drag: the live edit applied on top of the committed ones. */
export function withLiveEdit(shapes: readonly Shape[], live: LiveEdit | null): readonly Shape[] {
  if (!live) return shapes;
  return shapes.map((s) => {
    if (s.id !== live.shapeId) return s;
    if (live.vertex && s.kind === 'area') {
      const { index, to } = live.vertex;
      return { ...s, points: s.points.map((p, i) => (i === index ? to : p)) };
    }
    const dx = live.dx ?? 0;
    const dy = live.dy ?? 0;
    return { ...s, points: s.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) };
  });
}
