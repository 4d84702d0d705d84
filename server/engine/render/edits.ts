import sharp from 'sharp';
import { materialRamp } from './palette';
import { createRandom, hashString } from './prng';
import { blurRgb, mixRgb, type RawImage } from './raw';
import { renderScene } from './scene';
import type { PixelMask } from './mask';

// The image edits. Each one starts from real source pixels and changes only what the operation
// says it changes, so tests can check the geometry on decoded pixels.

export interface EditContext {
  /** The prompt words (flags removed) guiding the new content. */
  prompt: string;
  /** The seed of this one output (a task's four outputs use seed, seed + 1, ...). */
  seed: number;
}

/** Variation and remix: the source moved towards a new picture; `amount` is how far (0..1). */
export async function blendTowardsScene(
  source: RawImage,
  amount: number,
  ctx: EditContext,
): Promise<RawImage> {
  const scene = await renderScene({
    prompt: ctx.prompt,
    seed: ctx.seed,
    width: source.width,
    height: source.height,
  });
  // A strong change also moves shapes, not only colours: shift the source a little before blending.
  const random = createRandom(ctx.seed);
  const shifted =
    amount > 0.3
      ? shiftImage(
          source,
          random.int(-1, 1) * Math.round(source.width * amount * 0.08),
          random.int(-1, 1) * Math.round(source.height * amount * 0.08),
        )
      : source;
  return mixRgb(shifted, scene, amount);
}

function shiftImage(image: RawImage, dx: number, dy: number): RawImage {
  const { width, height, data } = image;
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - dy));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, x - dx));
      const o = (y * width + x) * 3;
      const s = (sy * width + sx) * 3;
      out[o] = data[s]!;
      out[o + 1] = data[s + 1]!;
      out[o + 2] = data[s + 2]!;
    }
  }
  return { data: out, width, height };
}

/**
 * Inpaint: masked pixels repainted, every other byte copied from the source unchanged. The repaint
 * fades in from the mask's edge (inwards only), so the new content blends into the picture without
 * touching a single pixel outside the mask.
 */
export async function inpaint(source: RawImage, mask: PixelMask, ctx: EditContext): Promise<RawImage> {
  const scene = await renderScene({
    prompt: ctx.prompt,
    seed: ctx.seed,
    width: source.width,
    height: source.height,
  });
  // The new content keeps a little of the blurred surroundings so it sits in the picture's light.
  const context = await onceFor(source, 'inpaint context', () => blurRgb(source, 24));
  const depth = await onceFor(mask, 'depth', () => maskDepth(mask));
  const out = Buffer.from(source.data);
  for (let p = 0; p < mask.data.length; p++) {
    if (!mask.data[p]) continue;
    // depth is 0.5 at the edge and 1 well inside: ramp the repaint from 30 % to 100 %.
    const k = 0.3 + 0.7 * Math.min(1, Math.max(0, (depth[p]! / 255 - 0.5) * 2.5));
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      const painted = scene.data[i]! * 0.8 + context.data[i]! * 0.2;
      out[i] = Math.round(source.data[i]! + (painted - source.data[i]!) * k);
    }
  }
  return { data: out, width: source.width, height: source.height };
}

/** The mask blurred: how deep inside the mask each pixel lies (255 far inside, ~128 at the edge). */
async function maskDepth(mask: PixelMask): Promise<Buffer> {
  const grey = Buffer.allocUnsafe(mask.data.length);
  for (let i = 0; i < grey.length; i++) grey[i] = mask.data[i] ? 255 : 0;
  const sigma = Math.max(2, Math.min(mask.width, mask.height) / 100);
  return sharp(grey, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The four outputs of a task derive the same blurred surroundings from the same source: compute
 * them once per source (or mask) object; the cache goes when the task lets go of its source.
 */
const derived = new WeakMap<object, Map<string, Promise<unknown>>>();
function onceFor<T>(owner: object, key: string, make: () => Promise<T>): Promise<T> {
  let cache = derived.get(owner);
  if (!cache) derived.set(owner, (cache = new Map()));
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** Pan directions of spec 4.5. */
export type PanDirection = 0 | 1 | 2 | 3;

/** The size of a pan's result and where the source sits in it. */
export function panGeometry(
  width: number,
  height: number,
  direction: PanDirection,
  scale: number,
  maxSide = 4096,
) {
  const vertical = direction === 0 || direction === 2;
  const newWidth = vertical ? width : Math.min(maxSide, Math.round(width * scale));
  const newHeight = vertical ? Math.min(maxSide, Math.round(height * scale)) : height;
  const left = direction === 3 ? newWidth - width : 0;
  const top = direction === 2 ? newHeight - height : 0;
  return { width: newWidth, height: newHeight, left, top };
}

/**
 * Pan: the canvas grows on one side. The new strip starts as the source mirrored at its edge and
 * blurred more the further it gets, then fades into new content, so it continues the picture.
 */
export async function pan(
  source: RawImage,
  direction: PanDirection,
  scale: number,
  ctx: EditContext,
): Promise<RawImage> {
  const g = panGeometry(source.width, source.height, direction, scale);
  const scene = await renderScene({ prompt: ctx.prompt, seed: ctx.seed, width: g.width, height: g.height });
  const soft = await onceFor(source, `pan ${direction} ${scale}`, async () =>
    blurRgb(await mirrorExtend(source, g), 18),
  );
  const out = Buffer.allocUnsafe(g.width * g.height * 3);
  const strip = direction === 0 || direction === 2 ? g.height - source.height : g.width - source.width;
  for (let y = 0; y < g.height; y++) {
    if (y % 128 === 127) await yieldToEventLoop();
    for (let x = 0; x < g.width; x++) {
      const o = (y * g.width + x) * 3;
      const sx = x - g.left;
      const sy = y - g.top;
      if (sx >= 0 && sy >= 0 && sx < source.width && sy < source.height) {
        const s = (sy * source.width + sx) * 3;
        out[o] = source.data[s]!;
        out[o + 1] = source.data[s + 1]!;
        out[o + 2] = source.data[s + 2]!;
        continue;
      }
      // Distance into the new strip, 0 at the source's edge, 1 at the far edge.
      const d =
        direction === 0
          ? sy - source.height
          : direction === 2
            ? -sy
            : direction === 1
              ? sx - source.width
              : -sx;
      const t = Math.min(1, (d + 1) / Math.max(1, strip));
      const k = 0.15 + 0.6 * t;
      for (let c = 0; c < 3; c++)
        out[o + c] = Math.round(soft.data[o + c]! * (1 - k) + scene.data[o + c]! * k);
    }
  }
  return { data: out, width: g.width, height: g.height };
}

/** Lets the server answer requests between bands of a long pixel loop (the engine may share the proxy's process). */
function yieldToEventLoop() {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/** The source reflected at its edges to fill a larger frame in which it sits at left, top. */
async function mirrorExtend(
  source: RawImage,
  g: { width: number; height: number; left: number; top: number },
): Promise<RawImage> {
  const out = Buffer.allocUnsafe(g.width * g.height * 3);
  const reflect = (v: number, size: number) => {
    const period = size * 2;
    const m = ((v % period) + period) % period;
    return m < size ? m : period - 1 - m;
  };
  for (let y = 0; y < g.height; y++) {
    if (y % 256 === 255) await yieldToEventLoop();
    const sy = reflect(y - g.top, source.height);
    for (let x = 0; x < g.width; x++) {
      const sx = reflect(x - g.left, source.width);
      const o = (y * g.width + x) * 3;
      const s = (sy * source.width + sx) * 3;
      out[o] = source.data[s]!;
      out[o + 1] = source.data[s + 1]!;
      out[o + 2] = source.data[s + 2]!;
    }
  }
  return { data: out, width: g.width, height: g.height };
}

/**
 * Retexture: the source's light and shade (its structure) repainted with the prompt's colours and a
 * surface pattern of the prompt's own (stripes, weave or grain), so shapes stay and texture changes.
 */
export async function retexture(source: RawImage, ctx: EditContext): Promise<RawImage> {
  const palette = materialRamp(ctx.prompt);
  const random = createRandom(hashString(`texture:${ctx.prompt}`) ^ ctx.seed);
  const scene = await renderScene({
    prompt: ctx.prompt,
    seed: ctx.seed,
    width: source.width,
    height: source.height,
  });
  const period = random.range(6, 22);
  const angle = random.range(0, Math.PI);
  const kind = random.int(0, 2);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const out = Buffer.allocUnsafe(source.data.length);
  for (let y = 0; y < source.height; y++) {
    if (y % 128 === 127) await yieldToEventLoop();
    for (let x = 0; x < source.width; x++) {
      const o = (y * source.width + x) * 3;
      const lum = (0.299 * source.data[o]! + 0.587 * source.data[o + 1]! + 0.114 * source.data[o + 2]!) / 255;
      const u = (x * ca + y * sa) / period;
      const v = (-x * sa + y * ca) / period;
      const pattern =
        kind === 0
          ? Math.sin(u * Math.PI * 2)
          : kind === 1
            ? Math.sin(u * Math.PI * 2) * Math.sin(v * Math.PI * 2)
            : Math.sin(u * 7.1 + Math.sin(v * 3.3) * 2);
      const shade = Math.min(1, Math.max(0, lum * (0.88 + 0.12 * pattern)));
      // Gradient map through the palette (dark to light) keeps the source's tonal structure.
      const pos = shade * (palette.length - 1);
      const i0 = Math.floor(pos);
      const i1 = Math.min(palette.length - 1, i0 + 1);
      const f = pos - i0;
      for (let c = 0; c < 3; c++) {
        const mapped = palette[i0]![c]! * (1 - f) + palette[i1]![c]! * f;
        out[o + c] = Math.round(mapped * 0.85 + scene.data[o + c]! * 0.15);
      }
    }
  }
  return { data: out, width: source.width, height: source.height };
}

export interface CanvasPlacement {
  canvas: { width: number; height: number };
  imgPos: { width: number; height: number; x: number; y: number };
}

/**
 * Upload-paint: on a canvas of the asked size, the source (already resized to imgPos) sits at
 * imgPos; canvas it does not cover and masked pixels (canvas coordinates) are generated. The new
 * areas start from the placed image mirrored outwards and blurred, and turn into new content the
 * further they are from it, so they continue the picture like pan's strip does.
 */
export async function uploadPaint(
  placedSource: RawImage,
  placement: CanvasPlacement,
  mask: PixelMask,
  ctx: EditContext,
): Promise<RawImage> {
  const { width, height } = placement.canvas;
  const { x: left, y: top } = placement.imgPos;
  const scene = await renderScene({ prompt: ctx.prompt, seed: ctx.seed, width, height });
  const soft = await onceFor(placedSource, `placed ${width} ${height} ${left} ${top}`, async () =>
    blurRgb(await mirrorExtend(placedSource, { width, height, left, top }), 24),
  );
  const reach = Math.max(1, Math.max(width, height) / 2);
  const out = Buffer.allocUnsafe(width * height * 3);
  const right = left + placedSource.width;
  const bottom = top + placedSource.height;
  for (let y = 0; y < height; y++) {
    if (y % 128 === 127) await yieldToEventLoop();
    const dy = y < top ? top - y : y >= bottom ? y - bottom + 1 : 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const o = p * 3;
      const dx = x < left ? left - x : x >= right ? x - right + 1 : 0;
      if (dx === 0 && dy === 0 && !mask.data[p]) {
        const s = ((y - top) * placedSource.width + (x - left)) * 3;
        out[o] = placedSource.data[s]!;
        out[o + 1] = placedSource.data[s + 1]!;
        out[o + 2] = placedSource.data[s + 2]!;
        continue;
      }
      // Masked pixels inside the image are repainted as strongly as the far canvas.
      const k = dx === 0 && dy === 0 ? 0.8 : 0.2 + 0.6 * Math.min(1, Math.hypot(dx, dy) / reach);
      for (let c = 0; c < 3; c++)
        out[o + c] = Math.round(soft.data[o + c]! * (1 - k) + scene.data[o + c]! * k);
    }
  }
  return { data: out, width, height };
}
