import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorBody } from '../../src/contract/errors';
import type { ProxyDeps } from './deps';
import { Failure } from './failure';
import { resolveInside, sendFile } from './files';
import { loginPage } from './login-page';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limit';
import { serviceRoutes } from './routes-service';
import { studioRoutes } from './routes-studio';
import {
  endSession,
  hasSession,
  originGuard,
  rateLimit,
  samePassword,
  securityHeaders,
  sessionGuard,
  startSession,
  type SessionOptions,
} from './security';

// One app factory for the server and its in-process tests (`app.request(...)`); index.ts only listens.

const FILES_CACHE = 'public, max-age=31536000, immutable';

export function createProxyApp(deps: ProxyDeps) {
  const app = new Hono();
  const limiter = new RateLimiter(deps.rateLimits ?? DEFAULT_RATE_LIMITS);
  const session: SessionOptions | undefined = deps.password
    ? {
        password: deps.password,
        store: deps.store,
        secureCookie: deps.publicUrl?.startsWith('https:') ?? false,
      }
    : undefined;

  app.use('*', securityHeaders(deps.publicUrl?.startsWith('https:') ?? false));
  app.use('*', originGuard({ loopbackOnly: !deps.password, publicUrl: deps.publicUrl }));
  app.use('/api/*', rateLimit(limiter));
  // Password guesses get a bucket of their own: ten, then one every six seconds per client.
  const logins = new RateLimiter({ ...DEFAULT_RATE_LIMITS, writes: { burst: 10, perSecond: 1 / 6 } });
  app.use('/login', async (c, next) => (c.req.method === 'POST' ? rateLimit(logins)(c, next) : next()));
  app.use('*', async (c, next) => {
    const startedAt = Date.now();
    await next();
    const ms = Date.now() - startedAt;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) deps.logger.warn(line, 'request failed');
    else deps.logger.debug(line, 'request');
  });
  if (session) app.use('*', sessionGuard(session));

  app.get('/healthz', (c) => c.json({ ok: true }));

  if (session) {
    app.get('/login', (c) => (hasSession(c, deps.store) ? c.redirect('/', 302) : c.html(loginPage())));
    app.post('/login', async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const given = typeof form.password === 'string' ? form.password : '';
      if (!samePassword(given, session.password)) {
        deps.logger.warn('a login failed');
        return c.html(loginPage('Wrong password'), 401);
      }
      startSession(c, session);
      return c.redirect('/', 303);
    });
    app.post('/logout', (c) => {
      endSession(c, session);
      return c.redirect('/login', 303);
    });
  } else {
    app.get('/login', (c) => c.redirect('/', 302));
  }

  app.route('/', serviceRoutes(deps));
  app.route('/', studioRoutes(deps));
  // No open proxy: nothing else under /api goes anywhere.
  app.all('/api/*', (c) => c.json(errorBody(404, `No route ${c.req.method} ${c.req.path}`), 404));
  app.all('/api', (c) => c.json(errorBody(404, 'No route'), 404));

  app.on(['GET', 'HEAD'], '/files/*', async (c) => {
    const path = resolveInside(deps.filesDir, c.req.path.slice('/files'.length));
    const response = path ? await sendFile(c, path, FILES_CACHE) : undefined;
    return response ?? c.json(errorBody(404, 'No such file'), 404);
  });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (!deps.staticDir) return c.text('Not found', 404);
    const path = resolveInside(deps.staticDir, c.req.path);
    const asset = path
      ? await sendFile(c, path, c.req.path.startsWith('/assets/') ? FILES_CACHE : 'no-cache')
      : undefined;
    if (asset) return asset;
    // A file-like path that does not exist is a real 404; anything else is a client-side route.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
    const index = await sendFile(c, `${deps.staticDir}/index.html`, 'no-cache');
    return index ?? c.text('The studio is not built yet: run `npm run build`.', 404);
  });

  app.notFound((c) => c.json(errorBody(404, 'Not found'), 404));

  app.onError((error, c) => respondToError(error, c, deps));
  return app;
}

/** The one error handler: the spec's error body; 5xx details stay in the log. */
function respondToError(error: Error, c: Context, deps: ProxyDeps) {
  if (error instanceof Failure) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    if (error.status >= 500)
      deps.logger.warn(
        { status: error.status, message: error.message, path: c.req.path },
        'upstream trouble',
      );
    return c.json(error.body, error.status as 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    return c.json(
      errorBody(status, status === 413 ? 'The request body is too large' : error.message || 'Bad request'),
      status,
    );
  }
  // A browser that hangs up mid-body is not our fault: keep it out of the operator's error alerts.
  if (c.req.raw.signal.aborted || isClientHangUp(error)) {
    deps.logger.debug({ path: c.req.path }, 'client hung up');
    return c.json(errorBody(400, 'The request was interrupted'), 400);
  }
  deps.logger.error({ err: error, path: c.req.path }, 'unexpected error');
  return c.json(errorBody(500, 'Internal server error'), 500);
}

function isClientHangUp(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || error.message === 'aborted';
}
