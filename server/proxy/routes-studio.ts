import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { invalidParamsBody } from '../../src/contract/errors';
import { LIMITS } from '../../src/contract/limits';
import { STUDIO_EVENT_TASK, taskListQuerySchema, taskPatchSchema } from '../../src/contract/studio';
import type { ProxyDeps } from './deps';
import { Failure } from './failure';
import { readJsonObject } from './read-json';
import { clientAddress } from './security';
import { saveUpload, tooLarge } from './uploads';

// What the proxy adds for the studio: history, favourites, uploads, live events, callbacks.

/** Room for the multipart envelope around a 10 MB file. */
const MAX_UPLOAD_BODY = LIMITS.sourceImageBytes + 256 * 1024;
const MAX_STREAMS_PER_CLIENT = 32;

export function studioRoutes(deps: ProxyDeps) {
  const app = new Hono();
  const { store, events } = deps;
  const streamsByClient = new Map<string, number>();

  app.get('/api/studio/tasks', (c) => {
    const parsed = taskListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return c.json(invalidParamsBody(parsed.error), 400);
    return c.json(store.list(parsed.data));
  });

  app.get('/api/studio/tasks/:jobId', (c) => {
    const task = store.get(c.req.param('jobId'));
    if (!task) throw new Failure(404, 'No such task');
    return c.json(task);
  });

  app.patch('/api/studio/tasks/:jobId', async (c) => {
    const jobId = c.req.param('jobId');
    if (!store.get(jobId)) throw new Failure(404, 'No such task');
    const parsed = taskPatchSchema.safeParse(await readJsonObject(c));
    if (!parsed.success) return c.json(invalidParamsBody(parsed.error), 400);
    const updated = store.setFlags(jobId, parsed.data)!;
    events.emit(updated);
    return c.json(updated);
  });

  app.post(
    '/api/studio/uploads',
    bodyLimit({
      maxSize: MAX_UPLOAD_BODY,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch (error) {
        if (error instanceof Failure) throw error;
        throw new Failure(400, 'Malformed body: send multipart/form-data with a part named "file"');
      }
      const file = Array.isArray(form.file) ? form.file[0] : form.file;
      const result = await saveUpload(file, {
        filesDir: deps.filesDir,
        absoluteFileUrl: (path) => `${deps.publicUrl ?? deps.selfUrl()}/files/${path}`,
      });
      deps.logger.info({ path: result.path, bytes: result.bytes }, 'upload stored');
      return c.json(result, 201);
    },
  );

  app.get('/api/studio/events', (c) => {
    // A studio needs one stream per tab; a client holding dozens is broken or hostile.
    const client = clientAddress(c);
    const open = streamsByClient.get(client) ?? 0;
    if (open >= MAX_STREAMS_PER_CLIENT) {
      throw new Failure(429, 'Too many event streams open from this client', { 'retry-after': '10' });
    }
    streamsByClient.set(client, open + 1);
    const release = () => {
      const left = (streamsByClient.get(client) ?? 1) - 1;
      if (left > 0) streamsByClient.set(client, left);
      else streamsByClient.delete(client);
    };
    // A reverse proxy in front (nginx) must pass events on at once rather than buffer them.
    c.header('X-Accel-Buffering', 'no');
    c.header('Cache-Control', 'no-cache, no-transform');
    return streamSSE(c, async (stream) => {
      let id = 0;
      // Writes are chained so events reach the browser in the order they happened.
      let chain = Promise.resolve();
      const unsubscribe = events.subscribe((task) => {
        chain = chain
          .then(() =>
            stream.writeSSE({ event: STUDIO_EVENT_TASK, data: JSON.stringify(task), id: String(++id) }),
          )
          .catch(() => undefined);
      });
      let released = false;
      const done = () => {
        unsubscribe();
        if (!released) release();
        released = true;
      };
      stream.onAbort(done);
      try {
        // Browsers reconnect after 3 s when the stream drops; the studio refetches what it missed.
        await stream.write(': connected\nretry: 3000\n\n');
        while (!stream.aborted && !stream.closed) {
          await stream.sleep(deps.keepAliveMs ?? 15_000);
          await chain;
          if (!stream.aborted) await stream.write(': keep-alive\n\n');
        }
      } finally {
        done();
      }
    });
  });

  app.post('/api/studio/callbacks/:token', async (c) => {
    // Without PUBLIC_URL no callback was ever handed out, so none can be genuine.
    if (!deps.publicUrl) throw new Failure(404, 'Not found');
    const token = c.req.param('token');
    let payload: unknown = null;
    try {
      payload = await c.req.json();
    } catch {
      // The body is only a hint; the job is re-read upstream either way.
    }
    return c.json(deps.tracker.callback(token, payload));
  });

  return app;
}
