import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../../src/contract/limits';
import type { UploadResult } from '../../src/contract/studio';
import { Failure } from './failure';

// Uploaded source images: JPG, PNG or WebP judged by their bytes (not their name or declared type),
// decodable by sharp, at most 10 MB. Stored under DATA_DIR/files/uploads with an unguessable name.

type ImageType = UploadResult['contentType'];

const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const SHARP_FORMAT: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type by magic bytes, or undefined. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return undefined;
}

export interface SaveUploadOptions {
  filesDir: string;
  /** The absolute URL for a path under /files (PUBLIC_URL, else this server's own address). */
  absoluteFileUrl: (pathUnderFiles: string) => string;
}

export async function saveUpload(file: unknown, options: SaveUploadOptions): Promise<UploadResult> {
  if (!(file instanceof File))
    throw new Failure(400, {
      code: 400,
      message: 'Invalid request parameters: file is required (a multipart part named "file")',
      raw_message: '',
      detail: { fields: [{ field: 'file', message: 'is required' }] },
    });
  if (file.size > LIMITS.sourceImageBytes) throw tooLarge();
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength > LIMITS.sourceImageBytes) throw tooLarge();
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new Failure(415, 'The file is not a JPG, PNG or WebP image');
  const metadata = await sharp(bytes, { failOn: 'error' })
    .metadata()
    .catch(() => undefined);
  if (!metadata || metadata.format !== SHARP_FORMAT[contentType] || !metadata.width || !metadata.height)
    throw new Failure(415, 'The image could not be read; it may be damaged');
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION[contentType]}`;
  const dir = join(options.filesDir, 'uploads');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes);
  const path = `/files/uploads/${name}`;
  return {
    url: options.absoluteFileUrl(`uploads/${name}`),
    path,
    contentType,
    width: metadata.width,
    height: metadata.height,
    bytes: bytes.byteLength,
  };
}

export function tooLarge() {
  return new Failure(413, `The file is larger than ${LIMITS.sourceImageBytes / 1024 / 1024} MB`);
}
