import sharp from 'sharp';
import { LIMITS } from '../../src/contract/limits';
import { EngineError, fieldError } from './errors';

// Fetching a source image named by URL (retexture and upload-paint `imgUrl`, `mask.url`, a video's
// image URL and `--end`). Done while the request is answered, so a bad source is refused at once
// and costs nothing: 400 not an http(s) JPG/PNG/WebP, 413 over 10 MB, 422 cannot be fetched.

export type ImageType = (typeof LIMITS.sourceImageTypes)[number];

export interface FetchedImage {
  bytes: Buffer;
  type: ImageType;
}

export const SOURCE_TIMEOUT_MS = 15_000;

/** The image type told by the first bytes, whatever the server's Content-Type says. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export async function fetchSourceImage(
  url: string,
  field: string,
  options: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? LIMITS.sourceImageBytes;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fieldError(400, field, 'must be an http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw fieldError(400, field, 'must be an http(s) URL');

  let response: Response;
  try {
    response = await fetch(parsed, {
      signal: AbortSignal.timeout(options.timeoutMs ?? SOURCE_TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw fieldError(422, field, timedOut ? 'could not be fetched in time' : 'could not be fetched');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw fieldError(422, field, `could not be fetched (HTTP ${response.status})`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(field, maxBytes);
  }
  const bytes = await readCapped(response, maxBytes, field);
  const type = sniffImageType(bytes);
  if (!type) throw fieldError(400, field, 'is not a JPG, PNG or WebP image');
  // A file can look right and still be broken, or be a small file that decodes to a giant picture.
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw fieldError(400, field, 'is not a readable image');
  if (meta.width * meta.height > MAX_SOURCE_PIXELS)
    throw fieldError(
      413,
      field,
      `is ${meta.width}×${meta.height} pixels, more than ${MAX_SOURCE_PIXELS / 1e6} megapixels`,
    );
  return { bytes, type };
}

/** The largest source picture we decode: 8192 × 8192. */
export const MAX_SOURCE_PIXELS = 8192 * 8192;

function tooLarge(field: string, maxBytes: number) {
  return new EngineError(413, `${field} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, {
    fields: [{ field, message: `is larger than ${maxBytes} bytes` }],
  });
}

/** Reads the body but stops as soon as it passes the limit: a lying Content-Length cannot flood us. */
async function readCapped(response: Response, maxBytes: number, field: string): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw tooLarge(field, maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw fieldError(422, field, 'could not be fetched (the download broke off)');
  }
  return Buffer.concat(chunks);
}
