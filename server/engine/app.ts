import { timingSafeEqual, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from '../../src/contract/errors';
import { isOperationPath } from '../../src/contract/operations';
import { EngineError } from './errors';
import type { EngineService } from './service';

// The engine's HTTP face: the service interface (spec 4, design.md), behind x-api-key, plus the
// rendered files, which need no key (their folder names are random and unguessable).

/** Request bodies above this are refused with 413 before they are read. */
export const MAX_BODY_BYTES = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', mp4: 'video/mp4' };

export function createEngineApp(service: EngineService, apiKey: string) {
  const app = new Hono();
  const expectedKey = digest(apiKey);

  app.use('/api/*', async (c, next) => {
    const given = c.req.header('x-api-key');
    if (!given || !timingSafeEqual(digest(given), expectedKey))
      return c.json(
        errorBody(401, 'API key verification failed: the x-api-key header is missing or wrong'),
        401,
      );
    return next();
  });

  app.post(
    '/api/v1/:operation',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: async (c) => {
        await drain(c.req.raw);
        // The client may still hold unread bytes on this connection: do not let it be reused.
        c.header('Connection', 'close');
        return c.json(errorBody(413, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB`), 413);
      },
    }),
    async (c) => {
      const operation = c.req.param('operation');
      if (!isOperationPath(operation)) return notFound(c);
      const body =
        operation === 'upload-paint' && isMultipart(c) ? await multipartBody(c) : await jsonBody(c);
      const task = await service.create(operation, body, c.req.header('x-api-key')!);
      return c.json(task, 200);
    },
  );

  app.get('/api/v1/job/:jobId', (c) => c.json(service.getTask(c.req.param('jobId'))));
  app.get('/api/account/balance', (c) => c.json(service.balance()));
  app.all('/api/*', notFound);

  app.get('/files/:token/:name', async (c) => {
    const { token, name } = c.req.param();
    const match = /^[0-9a-f-]+-(?:\d|grid)\.(png|mp4)$/.exec(name);
    if (!/^[0-9a-f]{32}$/.test(token) || !match) return notFound(c);
    const path = join(service.dataDir, 'files', token, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return notFound(c);
    return sendFile(c, path, info.size, CONTENT_TYPES[match[1]!]!);
  });

  app.notFound(notFound);
  app.onError((error, c) => {
    if (error instanceof EngineError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status);
    }
    // Our fault: the details go to the log, never to the caller.
    service.logger.error({ err: error, path: c.req.path }, 'engine: unexpected error');
    return c.json(errorBody(500, 'Internal server error'), 500);
  });
  return app;
}

/** Reads and drops what is left of a refused body (up to a bound), so the client sees our answer. */
async function drain(request: Request, maxBytes = 16 * MAX_BODY_BYTES) {
  const reader = request.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    while (read <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to drain.
  }
}

function digest(value: string) {
  return createHash('sha256').update(value).digest();
}

function notFound(c: Context) {
  return c.json(errorBody(404, `Not found: ${c.req.method} ${c.req.path}`), 404);
}

function isMultipart(c: Context) {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EngineError(400, 'Invalid request parameters: the body is not valid JSON', {
      fields: [{ field: '(body)', message: 'is not valid JSON' }],
    });
  }
}

/** Spec 4.8: multipart/form-data whose canvas, imgPos and mask parts are JSON text. */
async function multipartBody(c: Context): Promise<Record<string, unknown>> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new EngineError(400, 'Invalid request parameters: the multipart body cannot be read', {
      fields: [{ field: '(body)', message: 'is not valid multipart/form-data' }],
    });
  }
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(form)) {
    if (typeof value !== 'string') {
      throw new EngineError(400, `Invalid request parameters: ${field} must be a single text part`, {
        fields: [{ field, message: 'must be a single text part' }],
      });
    }
    if (field === 'canvas' || field === 'imgPos' || field === 'mask') {
      try {
        body[field] = JSON.parse(value) as unknown;
      } catch {
        throw new EngineError(400, `Invalid request parameters: ${field} must be JSON text`, {
          fields: [{ field, message: 'must be JSON text' }],
        });
      }
    } else body[field] = value;
  }
  return body;
}

/** Serves a file, with single byte ranges so a <video> can seek. */
function sendFile(c: Context, path: string, size: number, contentType: string) {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(size - 1, end);
    if (start > end || start >= size) {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    }
    const stream = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream;
    return c.body(stream, 206, {
      ...headers,
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
    });
  }
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return c.body(stream, 200, { ...headers, 'Content-Length': String(size) });
}
