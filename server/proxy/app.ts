import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { errorBody } from '../../src/contract/errors';

export interface ProxyAppOptions {
  /** Folder of the built studio (vite build output). */
  staticDir: string;
}

/** One app factory for the server and its in-process tests; main.ts only listens. */
export function createProxyApp(options: ProxyAppOptions) {
  const app = new Hono();

  app.get('/healthz', (c) => c.json({ ok: true }));

  app.all('/api/*', (c) => c.json(errorBody(404, 'Not found'), 404));

  app.use('/*', serveStatic({ root: options.staticDir }));
  // Client-side routes fall back to the studio's page.
  app.get('*', serveStatic({ root: options.staticDir, path: 'index.html' }));

  app.onError((error, c) => {
    console.error(error);
    return c.json(errorBody(500, 'Internal server error'), 500);
  });
  return app;
}
