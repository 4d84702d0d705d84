import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { errorBody } from '../../src/contract/errors';
import { isLoopback } from '../env';
import type { RateLimiter } from './rate-limit';
import type { Store } from './store';

// Headers, host and origin checks, the studio password's session, and the rate limit.

/** Fits the built Vite app: own scripts only, Konva canvases exported to blob:/data: images. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Headers for every response; HSTS too when the studio is served over https (PUBLIC_URL). */
export const securityHeaders =
  (https: boolean): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (https) c.header('Strict-Transport-Security', 'max-age=31536000');
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };

/** The address of the client: the socket's peer; in-process tests have none. */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostName(host: string): string {
  return host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
}

export interface OriginOptions {
  /** Without a password the studio is for this machine only: other Host names are refused. */
  loopbackOnly: boolean;
  publicUrl?: string;
}

/**
 * Refuses requests that come from another site: a foreign Host (DNS rebinding onto 127.0.0.1) and a
 * state-changing request whose Origin is not ours (cross-site request forgery).
 */
export function originGuard(options: OriginOptions): MiddlewareHandler {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  const publicHost = options.publicUrl ? new URL(options.publicUrl).host : undefined;
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (options.loopbackOnly && !isLoopback(hostName(host)) && host !== publicHost)
      return c.json(errorBody(403, `This studio answers on its own address only, not ${host}`), 403);
    if (UNSAFE_METHODS.has(c.req.method) && !c.req.path.startsWith('/api/studio/callbacks/')) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const ours =
        origin === undefined || origin === publicOrigin || (origin !== 'null' && safeHost(origin) === host);
      if (!ours || site === 'cross-site')
        return c.json(errorBody(403, 'Requests that change things must come from the studio itself'), 403);
    }
    await next();
  };
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export function rateLimit(limiter: RateLimiter): MiddlewareHandler {
  return async (c, next) => {
    const kind = c.req.method === 'GET' || c.req.method === 'HEAD' ? 'reads' : 'writes';
    const wait = limiter.take(clientAddress(c), kind);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json(errorBody(429, `Too many requests; try again in ${wait} s`), 429);
    }
    await next();
  };
}

const SESSION_COOKIE = 'studio_session';
const SESSION_DAYS = 14;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (hashes first, so lengths do not leak either). */
export function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

export interface SessionOptions {
  password: string;
  store: Store;
  /** Marks the cookie Secure when the studio is reached over https. */
  secureCookie: boolean;
}

/** Paths open without a session: login itself, liveness, files (unguessable names) and callbacks. */
function isOpenPath(path: string): boolean {
  return (
    path === '/login' ||
    path === '/healthz' ||
    path.startsWith('/files/') ||
    path.startsWith('/api/studio/callbacks/')
  );
}

export function sessionGuard(options: SessionOptions): MiddlewareHandler {
  return async (c, next) => {
    if (isOpenPath(c.req.path) || hasSession(c, options.store)) return next();
    if (c.req.path.startsWith('/api/') || c.req.path === '/api')
      return c.json(errorBody(401, 'Log in to the studio first'), 401);
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return c.redirect('/login', 302);
    return c.json(errorBody(401, 'Log in to the studio first'), 401);
  };
}

export function hasSession(c: Context, store: Store): boolean {
  const token = getCookie(c, SESSION_COOKIE);
  return !!token && store.hasSession(sha256(token).toString('hex'));
}

export function startSession(c: Context, options: SessionOptions) {
  const token = randomBytes(32).toString('base64url');
  const maxAge = SESSION_DAYS * 24 * 3600;
  options.store.addSession(sha256(token).toString('hex'), Date.now() + maxAge * 1000);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: options.secureCookie,
    path: '/',
    maxAge,
  });
}

export function endSession(c: Context, options: SessionOptions) {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) options.store.removeSession(sha256(token).toString('hex'));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
