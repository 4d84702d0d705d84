// The one home of coordinates in the editor. Masks are stored in image pixels (x right, y down, the
// image's top-left at 0,0). The stage is what the designer sees: the view (zoom + pan) maps canvas
// pixels to screen pixels, and in upload-paint the placement maps image pixels to canvas pixels.
// Every conversion and the clockwise-from-top-left normalisation that the spec asks for live here.

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Zoom and pan of the view: screen = canvas × scale + (x, y). Changing it never moves a mask point. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

/** Where the image sits on the canvas, in canvas pixels (upload-paint's imgPos; inpaint: the image itself). */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 16;

/** The placement that puts an image at its natural size at the canvas origin (inpaint). */
export function naturalPlacement(image: Size): Placement {
  return { x: 0, y: 0, width: image.width, height: image.height };
}

/** Screen point → image pixel, through the view and then the placement. */
export function stageToImage(p: Point, view: View, placement: Placement, image: Size): Point {
  const canvasX = (p.x - view.x) / view.scale;
  const canvasY = (p.y - view.y) / view.scale;
  return {
    x: ((canvasX - placement.x) * image.width) / placement.width,
    y: ((canvasY - placement.y) * image.height) / placement.height,
  };
}

/** Image pixel → screen point; the inverse of stageToImage. */
export function imageToStage(p: Point, view: View, placement: Placement, image: Size): Point {
  const canvasX = placement.x + (p.x * placement.width) / image.width;
  const canvasY = placement.y + (p.y * placement.height) / image.height;
  return { x: canvasX * view.scale + view.x, y: canvasY * view.scale + view.y };
}

/** Image pixel → canvas pixel, through the placement (upload-paint's imgPos). */
export function imageToCanvas(p: Point, placement: Placement, image: Size): Point {
  return {
    x: placement.x + (p.x * placement.width) / image.width,
    y: placement.y + (p.y * placement.height) / image.height,
  };
}

/** Screen point → canvas pixel (upload-paint's canvas, or the image in inpaint). */
export function stageToCanvas(p: Point, view: View): Point {
  return { x: (p.x - view.x) / view.scale, y: (p.y - view.y) / view.scale };
}

/** How many image pixels one screen pixel covers: tolerances are given on screen, applied in the image. */
export function imagePixelsPerScreenPixel(view: View, placement: Placement, image: Size): number {
  return image.width / placement.width / view.scale;
}

export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** Zooms by `factor` keeping the canvas point under `pointer` where it is on screen (wheel zoom). */
export function zoomAt(view: View, pointer: Point, factor: number): View {
  const scale = clampZoom(view.scale * factor);
  const anchor = stageToCanvas(pointer, view);
  return { scale, x: pointer.x - anchor.x * scale, y: pointer.y - anchor.y * scale };
}

/** The view that shows the whole content centred in the viewport with a margin, never above 100%. */
export function fitView(viewport: Size, content: Size, margin = 24): View {
  const scale = clampZoom(
    Math.min(
      1,
      (viewport.width - 2 * margin) / content.width,
      (viewport.height - 2 * margin) / content.height,
    ),
  );
  return {
    scale,
    x: Math.round((viewport.width - content.width * scale) / 2),
    y: Math.round((viewport.height - content.height * scale) / 2),
  };
}

/** 100%: one image pixel per screen pixel, keeping the viewport's centre where it is. */
export function actualSizeView(view: View, viewport: Size): View {
  return zoomAt(view, { x: viewport.width / 2, y: viewport.height / 2 }, 1 / view.scale);
}

/**
 * Twice the signed area (shoelace). With y pointing down, a positive value means the points run
 * clockwise on screen.
 */
export function signedArea2(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum;
}

export function polygonArea(points: readonly Point[]): number {
  return Math.abs(signedArea2(points)) / 2;
}

/**
 * The "top-left" point of a polygon, where the spec wants it to start: the vertex closest to the
 * image's top-left corner in x + y, ties broken by the smaller y (the higher one). For an axis-aligned
 * rectangle this is its top-left corner; for a slightly tilted one it is still the corner a designer
 * would call top-left, which "smallest y" alone would not give.
 */
export function topLeftIndex(points: readonly Point[]): number {
  let best = 0;
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const q = points[best]!;
    const ps = p.x + p.y;
    const qs = q.x + q.y;
    if (ps < qs || (ps === qs && p.y < q.y)) best = i;
  }
  return best;
}

/**
 * A drawn polygon as the spec wants it: whole image pixels, clamped to the image, consecutive
 * duplicates dropped, clockwise on screen, starting at the top-left point. Returns null when
 * nothing with an area is left (fewer than 3 distinct points, or every point on one line).
 */
export function normalisePolygon(points: readonly Point[], image: Size): Point[] | null {
  const clamped: Point[] = [];
  for (const p of points) {
    const q = {
      x: Math.min(image.width, Math.max(0, Math.round(p.x))),
      y: Math.min(image.height, Math.max(0, Math.round(p.y))),
    };
    const last = clamped[clamped.length - 1];
    if (!last || last.x !== q.x || last.y !== q.y) clamped.push(q);
  }
  while (clamped.length > 1 && samePoint(clamped[0]!, clamped[clamped.length - 1]!)) clamped.pop();
  if (clamped.length < 3) return null;
  const area2 = signedArea2(clamped);
  if (area2 === 0) return null;
  const clockwise = area2 > 0 ? clamped : clamped.reverse();
  const start = topLeftIndex(clockwise);
  return [...clockwise.slice(start), ...clockwise.slice(0, start)];
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** [x0, y0, x1, y1, ...] as the wire format (and Konva) want it. */
export function flatten(points: readonly Point[]): number[] {
  const flat: number[] = [];
  for (const p of points) flat.push(p.x, p.y);
  return flat;
}

/** The four corners of the rectangle spanned by two points, clockwise from the top-left. */
export function rectangleCorners(a: Point, b: Point): Point[] {
  const left = Math.min(a.x, b.x);
  const right = Math.max(a.x, b.x);
  const top = Math.min(a.y, b.y);
  const bottom = Math.max(a.y, b.y);
  return [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Distance from p to the segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSq = dx * dx + dy * dy;
  if (lengthSq === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSq));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * Ramer–Douglas–Peucker: the fewest points that stay within `tolerance` of the freehand path, so a
 * lasso of hundreds of mouse samples becomes a polygon of a few dozen points that looks the same.
 * Iterative (an explicit stack) so a very long stroke cannot overflow the call stack.
 */
export function simplifyPath(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (d > farthestDistance) {
        farthest = i;
        farthestDistance = d;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

export function translate(points: readonly Point[], dx: number, dy: number): Point[] {
  return points.map((p) => ({ x: p.x + dx, y: p.y + dy }));
}

/** Keeps the image's aspect ratio when one side of its placement changes (the numeric fields). */
export function resizeKeepingAspect(
  placement: Placement,
  image: Size,
  side: 'width' | 'height',
  value: number,
) {
  const ratio = image.width / image.height;
  return side === 'width'
    ? { ...placement, width: value, height: Math.max(1, Math.round(value / ratio)) }
    : { ...placement, height: value, width: Math.max(1, Math.round(value * ratio)) };
}

/** Whole canvas pixels for the wire (imgPos must be integers). */
export function roundPlacement(p: Placement): Placement {
  return {
    x: Math.round(p.x),
    y: Math.round(p.y),
    width: Math.max(1, Math.round(p.width)),
    height: Math.max(1, Math.round(p.height)),
  };
}

/** The placement that fits an image inside a canvas, centred, keeping its aspect (a new Edit starts so). */
export function fitPlacement(image: Size, canvas: Size): Placement {
  const scale = Math.min(1, canvas.width / image.width, canvas.height / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  return {
    x: Math.round((canvas.width - width) / 2),
    y: Math.round((canvas.height - height) / 2),
    width,
    height,
  };
}

/** Share of the canvas the placed image leaves uncovered (what upload-paint generates from nothing). */
export function uncoveredShare(canvas: Size, placement: Placement): number {
  const width = Math.max(0, Math.min(canvas.width, placement.x + placement.width) - Math.max(0, placement.x));
  const height = Math.max(
    0,
    Math.min(canvas.height, placement.y + placement.height) - Math.max(0, placement.y),
  );
  return 1 - (width * height) / (canvas.width * canvas.height);
}
