import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

// Serves files from a folder: uploads and mirrored results under /files, and the built studio.
// Paths are resolved inside the folder only; content types come from a fixed list, never from sniffing.

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The absolute path of `relative` inside `root`, or undefined when it would leave the folder. */
export function resolveInside(root: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const full = resolve(base, '.' + (decoded.startsWith('/') ? decoded : `/${decoded}`));
  return full.startsWith(base + sep) ? full : undefined;
}

/**
 * Answers with the file, or returns undefined when there is no such file (the caller decides what
 * "not found" means). Honours a single byte Range, which video seeking needs.
 */
export async function sendFile(
  c: Context,
  path: string,
  cacheControl: string,
): Promise<Response | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    'last-modified': info.mtime.toUTCString(),
  };
  let start = 0;
  let end = info.size - 1;
  let status = 200;
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), end) : end;
    } else {
      start = Math.max(0, info.size - Number(range[2]));
    }
    if (start > end || start >= info.size) {
      return new Response(null, {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${info.size}` },
      });
    }
    status = 206;
    headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
  }
  headers['content-length'] = String(end - start + 1);
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
