import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Task } from '../../src/contract/task';

// Copies a completed task's images and videos into DATA_DIR so that the gallery outlives the
// upstream's URL expiry. Only the URLs the upstream returned in `output` are fetched, each with a
// time limit and a size cap, and only image or video content is kept.

export interface MirrorOptions {
  /** DATA_DIR/files: results go under `results/<random>/`. */
  filesDir: string;
  /** Turns a path under /files into the URL the task carries (relative, or absolute with PUBLIC_URL). */
  fileUrl: (pathUnderFiles: string) => string;
  timeoutMs?: number;
  maxBytes?: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export interface Mirrored {
  task: Task;
  upstreamOutput: Record<string, unknown>;
}

/** Downloads every output URL; resolves with the task pointing at our copies, or throws. */
export async function mirrorOutputs(task: Task, options: MirrorOptions): Promise<Mirrored> {
  const output = task.output;
  const upstreamOutput = structuredClone(output) as Record<string, unknown>;
  const folder = `results/${randomBytes(16).toString('hex')}`;
  const dir = join(options.filesDir, folder);
  await mkdir(dir, { recursive: true });
  const copies = new Map<string, string>();

  const copy = async (url: string, name: string) => {
    if (!url) return url;
    const known = copies.get(url);
    if (known) return known;
    const { bytes, contentType } = await download(
      url,
      options.timeoutMs ?? 60_000,
      options.maxBytes ?? 200 * 1024 * 1024,
    );
    const file = `${name}.${EXTENSIONS[contentType]}`;
    await writeFile(join(dir, `${file}.part`), bytes);
    await rename(join(dir, `${file}.part`), join(dir, file));
    const ours = options.fileUrl(`${folder}/${file}`);
    copies.set(url, ours);
    return ours;
  };

  try {
    const mirroredOutput = { ...output };
    if (output.image_urls)
      mirroredOutput.image_urls = await Promise.all(
        output.image_urls.map((u, i) => copy(u, `image-${i + 1}`)),
      );
    if (output.video_urls)
      mirroredOutput.video_urls = await Promise.all(
        output.video_urls.map((u, i) => copy(u, `video-${i + 1}`)),
      );
    if (output.image_url) mirroredOutput.image_url = await copy(output.image_url, 'grid');
    return { task: { ...task, output: mirroredOutput }, upstreamOutput };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function download(url: string, timeoutMs: number, maxBytes: number) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`not an http(s) URL`);
  const response = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!EXTENSIONS[contentType]) {
    await response.body.cancel();
    throw new Error(`unexpected content type ${contentType || '(none)'}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new Error(`larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), contentType };
}
