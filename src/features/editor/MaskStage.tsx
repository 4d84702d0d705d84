import type Konva from 'konva';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Group, Image as KonvaImage, Layer, Rect, Stage, Transformer } from 'react-konva';
import { DraftFill, DraftOutline } from './DraftPreview';
import {
  fitView,
  imagePixelsPerScreenPixel,
  stageToImage,
  zoomAt,
  type Placement,
  type Point,
  type Size,
  type View,
} from './geometry';
import { MaskFill, ShapeFill } from './MaskFill';
import { MaskOutlines, SelectionHandles, withLiveEdit, type LiveEdit } from './MaskOutlines';
import { useEditorStore } from './store';
import { DRAWING_TOOLS } from './tools/registry';
import { IDLE, type Draft, type ToolContext, type ToolStep } from './tools/types';
import { useEditorShortcuts } from './useEditorShortcuts';
import { useTestHook } from './test-hook';
import { ZoomBar } from './ZoomBar';

// The canvas: the image (and in Edit the upload-paint canvas around it), the translucent mask and the
// tools. Pointer input for drawing and panning is taken on the wrapper element (pointer capture keeps a
// stroke going when the mouse leaves the canvas); Select-mode clicks and drags are Konva's own.

export const IMAGE_ID = 'image';

interface MaskStageProps {
  image: HTMLImageElement;
  imageSize: Size;
  /** Upload-paint's canvas; null in Inpaint, where the image is the whole canvas. */
  canvas: Size | null;
  placement: Placement;
}

export function MaskStage({ image, imageSize, canvas, placement }: MaskStageProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size | null>(null);
  const {
    doc,
    tool,
    selectedId,
    brushSize,
    view,
    setView,
    select,
    addShape,
    moveShape,
    moveVertex,
    setPlacement,
  } = useEditorStore();
  const [draft, setDraftState] = useState<Draft>(IDLE);
  const draftRef = useRef<Draft>(IDLE);
  const [live, setLive] = useState<LiveEdit | null>(null);
  const [livePlacement, setLivePlacement] = useState<Placement | null>(null);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const [pointer, setPointer] = useState<Point | null>(null);
  const panRef = useRef<{ start: Point; view: View; pointerId: number } | null>(null);
  const [panning, setPanning] = useState(false);
  const imageRef = useRef<Konva.Image>(null);
  const transformerRef = useRef<Konva.Transformer>(null);

  const content = canvas ?? imageSize;
  const shownPlacement = livePlacement ?? placement;
  const pixelSize = imagePixelsPerScreenPixel(view, shownPlacement, imageSize);
  const editing = canvas !== null;
  const selecting = tool === 'select';
  const imageSelected = editing && selecting && selectedId === IMAGE_ID;

  // Follow the container's size; fit the content the first time there is room to show it.
  const fitted = useRef(false);
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const size = {
        width: Math.floor(entry.contentRect.width),
        height: Math.floor(entry.contentRect.height),
      };
      if (size.width < 10 || size.height < 10) return;
      setViewport(size);
      if (!fitted.current) {
        fitted.current = true;
        useEditorStore.getState().setView(fitView(size, content));
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
    // The content size only matters for the first fit; later fits are the designer's call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new canvas size: show the whole of it again (the designer just changed what there is to see).
  const contentKey = `${content.width}x${content.height}`;
  const lastContentKey = useRef(contentKey);
  useEffect(() => {
    if (!viewport || lastContentKey.current === contentKey) return;
    lastContentKey.current = contentKey;
    const [width, height] = contentKey.split('x').map(Number);
    useEditorStore.getState().setView(fitView(viewport, { width: width!, height: height! }));
  }, [contentKey, viewport]);

  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  const toolContext = useCallback(
    (): ToolContext => ({ imagePixelsPerScreenPixel: pixelSize, brushSize }),
    [pixelSize, brushSize],
  );

  const apply = useCallback(
    (step: ToolStep) => {
      setDraft(step.draft);
      if (step.shape) {
        addShape(step.shape);
        if (step.shape.kind === 'area') select(step.shape.id);
      }
    },
    [addShape, select, setDraft],
  );

  // Switching tools drops a gesture in progress rather than finishing it with the wrong tool.
  useEffect(
    () =>
      useEditorStore.subscribe((state, previous) => {
        if (state.tool !== previous.tool) setDraft(IDLE);
      }),
    [setDraft],
  );

  useEditorShortcuts({
    draftRef,
    onToolKey: (key) => {
      const drawing = DRAWING_TOOLS[useEditorStore.getState().tool];
      if (!drawing || draftRef.current.phase === 'idle') return false;
      apply(drawing.key(draftRef.current, key, toolContext()));
      return true;
    },
    onSpace: setSpaceHeld,
  });

  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    transformer.nodes(imageSelected && imageRef.current ? [imageRef.current] : []);
    transformer.getLayer()?.batchDraw();
  }, [imageSelected, shownPlacement]);

  function localPoint(e: ReactPointerEvent): Point {
    const rect = containerRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }
  const toImage = (p: Point) => stageToImage(p, view, shownPlacement, imageSize);

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    const p = localPoint(e);
    if (e.button === 1 || (e.button === 0 && (tool === 'hand' || spaceHeld))) {
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      panRef.current = { start: p, view, pointerId: e.pointerId };
      setPanning(true);
      return;
    }
    const drawing = DRAWING_TOOLS[tool];
    if (e.button !== 0 || !drawing) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    apply(drawing.down(draftRef.current, toImage(p), toolContext()));
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const p = localPoint(e);
    const pan = panRef.current;
    if (pan) {
      setView({ ...pan.view, x: pan.view.x + p.x - pan.start.x, y: pan.view.y + p.y - pan.start.y });
      return;
    }
    const drawing = DRAWING_TOOLS[tool];
    if (!drawing) return;
    const q = toImage(p);
    if (tool === 'brush' || tool === 'eraser') setPointer(q);
    if (draftRef.current.phase === 'drawing') apply(drawing.move(draftRef.current, q, toolContext()));
  }

  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    if (panRef.current) {
      panRef.current = null;
      setPanning(false);
      return;
    }
    const drawing = DRAWING_TOOLS[tool];
    if (!drawing || draftRef.current.phase === 'idle') return;
    apply(drawing.up(draftRef.current, toImage(localPoint(e)), toolContext()));
  }

  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    e.evt.preventDefault();
    const stage = e.target.getStage();
    const p = stage?.getPointerPosition();
    if (!p) return;
    setView(zoomAt(view, p, Math.exp(-e.evt.deltaY * 0.0015)));
  }

  function placementOf(node: Konva.Node): Placement {
    return {
      x: node.x(),
      y: node.y(),
      width: node.width() * node.scaleX(),
      height: node.height() * node.scaleY(),
    };
  }

  function commitPlacement(node: Konva.Node) {
    const next = placementOf(node);
    node.scale({ x: 1, y: 1 });
    node.width(next.width);
    node.height(next.height);
    setLivePlacement(null);
    setPlacement({
      x: Math.round(next.x),
      y: Math.round(next.y),
      width: Math.max(1, Math.round(next.width)),
      height: Math.max(1, Math.round(next.height)),
    });
  }

  useTestHook(containerRef, imageSize, shownPlacement);

  const maskTransform = {
    x: shownPlacement.x,
    y: shownPlacement.y,
    scaleX: shownPlacement.width / imageSize.width,
    scaleY: shownPlacement.height / imageSize.height,
  };
  // Polygons alone unite in any order, so the one being edited can be drawn on a layer of its own and
  // the others are not redrawn on every mouse move. (Strokes and inversion depend on the order.)
  const splitLive = live !== null && !doc.inverted && doc.shapes.every((s) => s.kind === 'area');
  const staticFill = splitLive
    ? doc.shapes.filter((s) => s.id !== live.shapeId)
    : withLiveEdit(doc.shapes, live);
  const liveFill = splitLive ? withLiveEdit(doc.shapes, live).find((s) => s.id === live.shapeId) : undefined;
  const vertexEdit = live?.vertex ? live : null;
  const selectedArea = withLiveEdit(doc.shapes, vertexEdit).find((s) => s.id === selectedId);
  const cursor = panning
    ? 'grabbing'
    : tool === 'hand' || spaceHeld
      ? 'grab'
      : selecting
        ? 'default'
        : tool === 'brush' || tool === 'eraser'
          ? 'none'
          : 'crosshair';

  return (
    <div className="relative min-h-0 flex-1 overflow-hidden bg-zinc-900">
      <div
        ref={containerRef}
        className="absolute inset-0 touch-none select-none"
        style={{ cursor }}
        data-testid="editor-canvas"
        // The canvas takes its keys itself (tool letters, Enter, Escape, arrows), as an application.
        role="application"
        aria-label={editing ? 'Canvas: place the image and draw the mask' : 'Image: draw the mask to repaint'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => setPointer(null)}
      >
        {viewport && (
          <Stage
            width={viewport.width}
            height={viewport.height}
            x={view.x}
            y={view.y}
            scaleX={view.scale}
            scaleY={view.scale}
            onWheel={onWheel}
            onPointerDown={(e) => {
              if (selecting && e.target === e.target.getStage()) select(null);
            }}
          >
            <Layer listening={editing && selecting}>
              {canvas && (
                <Rect
                  width={canvas.width}
                  height={canvas.height}
                  fill="rgba(139, 92, 246, 0.16)"
                  stroke="#a78bfa"
                  strokeWidth={1.5}
                  dash={[8, 6]}
                  strokeScaleEnabled={false}
                  listening={false}
                />
              )}
              <KonvaImage
                ref={imageRef}
                image={image}
                x={shownPlacement.x}
                y={shownPlacement.y}
                width={shownPlacement.width}
                height={shownPlacement.height}
                draggable={editing && selecting}
                onPointerDown={(e) => {
                  if (!editing || !selecting) return;
                  e.cancelBubble = true;
                  select(IMAGE_ID);
                }}
                onDragMove={(e) => setLivePlacement(placementOf(e.target))}
                onDragEnd={(e) => commitPlacement(e.target)}
                onTransform={(e) => setLivePlacement(placementOf(e.target))}
                onTransformEnd={(e) => commitPlacement(e.target)}
              />
              {editing && (
                <Transformer
                  ref={transformerRef}
                  rotateEnabled={false}
                  flipEnabled={false}
                  keepRatio
                  shiftBehavior="inverted"
                  // Corners only: they keep the aspect, and Shift frees it (shiftBehavior inverted).
                  enabledAnchors={['top-left', 'top-right', 'bottom-right', 'bottom-left']}
                  boundBoxFunc={(oldBox, newBox) => (newBox.width < 8 || newBox.height < 8 ? oldBox : newBox)}
                />
              )}
            </Layer>
            <Layer opacity={0.5} listening={false}>
              <Group
                {...maskTransform}
                clipX={0}
                clipY={0}
                clipWidth={imageSize.width}
                clipHeight={imageSize.height}
              >
                <MaskFill shapes={staticFill} inverted={doc.inverted} imageSize={imageSize} />
                <DraftFill
                  tool={tool}
                  draft={draft}
                  inverted={doc.inverted}
                  brushSize={brushSize}
                  pixelSize={pixelSize}
                />
              </Group>
            </Layer>
            {liveFill && (
              <Layer opacity={0.5} listening={false}>
                <Group
                  {...maskTransform}
                  clipX={0}
                  clipY={0}
                  clipWidth={imageSize.width}
                  clipHeight={imageSize.height}
                >
                  <ShapeFill shape={liveFill} inverted={false} />
                </Group>
              </Layer>
            )}
            <Layer listening={selecting}>
              <Group {...maskTransform}>
                <MaskOutlines
                  shapes={doc.shapes}
                  selectedId={selectedId}
                  selecting={selecting}
                  hiddenId={vertexEdit?.shapeId ?? null}
                  onSelect={select}
                  onLive={setLive}
                  onMoveShape={moveShape}
                  onMoveVertex={moveVertex}
                />
                <DraftOutline
                  tool={tool}
                  draft={draft}
                  inverted={doc.inverted}
                  brushSize={brushSize}
                  pixelSize={pixelSize}
                />
                {pointer && (tool === 'brush' || tool === 'eraser') && (
                  <BrushCursor at={pointer} size={brushSize} />
                )}
              </Group>
            </Layer>
            <Layer listening={selecting}>
              <Group {...maskTransform}>
                {selecting && selectedArea?.kind === 'area' && (
                  <SelectionHandles
                    shape={selectedArea}
                    editing={vertexEdit !== null}
                    pixelSize={pixelSize}
                    onSelect={select}
                    onLive={setLive}
                    onMoveShape={moveShape}
                    onMoveVertex={moveVertex}
                  />
                )}
              </Group>
            </Layer>
          </Stage>
        )}
      </div>
      {viewport && <ZoomBar viewport={viewport} content={content} />}
    </div>
  );
}

function BrushCursor({ at, size }: { at: Point; size: number }) {
  return (
    <Rect
      x={at.x - size / 2}
      y={at.y - size / 2}
      width={size}
      height={size}
      cornerRadius={size / 2}
      stroke="#ffffff"
      strokeWidth={1}
      strokeScaleEnabled={false}
      listening={false}
    />
  );
}
