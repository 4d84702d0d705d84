import sharp from 'sharp';

// Every renderer works on plain RGB pixels (3 channels, no alpha) so that "identical pixels" means
// identical bytes after a PNG round trip.

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes any image sharp reads into RGB; transparency is flattened onto white. With `maxSide`, a
 * larger picture is scaled down (aspect kept) to fit; a smaller one is left as it is.
 */
export async function decodeRgb(input: Buffer | string, maxSide?: number): Promise<RawImage> {
  let pipeline = sharp(input).flatten({ background: '#ffffff' }).removeAlpha();
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The source resized to exactly `width` × `height` (stretching, as upload-paint's imgPos asks). */
export async function resizeRgb(input: Buffer | string, width: number, height: number): Promise<RawImage> {
  const { data, info } = await sharp(input)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The source scaled to cover `width` × `height` and centre-cropped (aspect kept). */
export async function coverRgb(input: Buffer | string, width: number, height: number): Promise<RawImage> {
  const { data, info } = await sharp(input)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(width, height, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function blankRgb(width: number, height: number): RawImage {
  return { data: Buffer.alloc(width * height * 3), width, height };
}

export async function blurRgb(image: RawImage, sigma: number): Promise<RawImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  return { data, width: image.width, height: image.height };
}

export async function encodePng(image: RawImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png({ compressionLevel: 2 })
    .toBuffer();
}

/** `a` moved towards `b` by `amount` (0 keeps a, 1 gives b), as a new image. */
export function mixRgb(a: RawImage, b: RawImage, amount: number): RawImage {
  return { data: mixBytes(a.data, b.data, amount), width: a.width, height: a.height };
}

/** Byte-wise a + (b - a) × amount in 8-bit fixed point: several times faster than float rounding. */
export function mixBytes(a: Uint8Array, b: Uint8Array, amount: number): Buffer {
  const k = Math.round(Math.min(1, Math.max(0, amount)) * 256);
  const out = Buffer.allocUnsafe(a.length);
  if (k === 0) out.set(a);
  else if (k === 256) out.set(b);
  else for (let i = 0; i < out.length; i++) out[i] = (a[i]! * (256 - k) + b[i]! * k + 128) >> 8;
  return out;
}

/** Mean absolute difference per channel (0..255) between two images of the same size. */
export function meanDifference(a: RawImage, b: RawImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}
