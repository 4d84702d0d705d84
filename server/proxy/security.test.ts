import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/contract/errors';
import { RateLimiter } from './rate-limit';
import { samePassword } from './security';
import { startHarness, type Harness } from './testing/harness';

// Headers, the studio password, same-origin writes, foreign hosts and the rate limit.

let h: Harness;
afterEach(() => h?.close());

const PASSWORD = 'correct horse battery';

describe('security headers', () => {
  it('are on every response: pages, API, errors and files', async () => {
    h = await startHarness();
    for (const path of ['/healthz', '/api/nothing', '/api/studio/tasks', '/files/none.png', '/']) {
      const response = await h.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});

describe('same-origin writes and foreign hosts', () => {
  it('refuses a state-changing request from another origin (403) and accepts our own', async () => {
    h = await startHarness();
    const post = (headers: Record<string, string>) =>
      h.json<ErrorBody>('/api/v1/diffusion', { text: 'x' }, { headers });
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    expect((await post({ origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    expect((await post({ origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
    expect(h.fake.calls.create).toBe(1);
  });

  it('refuses a foreign Host without a password (DNS rebinding onto 127.0.0.1)', async () => {
    h = await startHarness();
    const rebound = await h.request('/api/studio/tasks', { headers: { host: 'evil.example:8080' } });
    expect(rebound.status).toBe(403);
    expect((await h.request('/api/studio/tasks', { headers: { host: 'localhost:8080' } })).status).toBe(200);
  });
});

describe('with STUDIO_PASSWORD', () => {
  it('asks for a login, sets a strict HttpOnly session cookie, and then lets the studio in', async () => {
    h = await startHarness({ password: PASSWORD });
    const api = await h.json<ErrorBody>('/api/studio/tasks');
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ code: 401 });
    expect((await h.json('/api/v1/diffusion', { text: 'x' })).status).toBe(401);
    expect(h.fake.calls.create).toBe(0);

    const page = await h.request('/', { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login');
    const login = await h.request('/login');
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('type="password"');
    // Liveness and files need no session (the upstream fetches uploads by URL).
    expect((await h.request('/healthz')).status).toBe(200);
    expect((await h.request('/files/uploads/none.png')).status).toBe(404);

    const form = (password: string) => new URLSearchParams({ password });
    const wrong = await h.request('/login', { method: 'POST', body: form('guess') });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await h.request('/login', { method: 'POST', body: form(PASSWORD), redirect: 'manual' });
    expect(right.status).toBe(303);
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(/studio_session=[\w-]{40,}/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const session = cookie.split(';')[0]!;

    expect((await h.request('/api/studio/tasks', { headers: { cookie: session } })).status).toBe(200);
    expect(
      (await h.request('/api/studio/tasks', { headers: { cookie: 'studio_session=forged' } })).status,
    ).toBe(401);
    // Another machine's Host is fine with a password; a foreign Origin still is not.
    const lan = { cookie: session, host: '192.168.1.20:8080' };
    expect((await h.request('/api/studio/tasks', { headers: lan })).status).toBe(200);
    const csrf = await h.json(
      '/api/v1/diffusion',
      { text: 'x' },
      { headers: { ...lan, origin: 'https://evil.example' } },
    );
    expect(csrf.status).toBe(403);
    const own = await h.json(
      '/api/v1/diffusion',
      { text: 'x' },
      { headers: { ...lan, origin: 'http://192.168.1.20:8080' } },
    );
    expect(own.status).toBe(200);

    const logout = await h.request('/logout', {
      method: 'POST',
      headers: { cookie: session },
      redirect: 'manual',
    });
    expect(logout.status).toBe(303);
    expect((await h.request('/api/studio/tasks', { headers: { cookie: session } })).status).toBe(401);
  });

  it('slows password guessing down: ten tries, then 429 with Retry-After', async () => {
    h = await startHarness({ password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await h.request('/login', {
        method: 'POST',
        body: new URLSearchParams({ password: `guess ${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('compares passwords in constant time, whatever their length', () => {
    expect(samePassword(PASSWORD, PASSWORD)).toBe(true);
    expect(samePassword('', PASSWORD)).toBe(false);
    expect(samePassword(PASSWORD + 'x', PASSWORD)).toBe(false);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and the error body once a client exceeds its bucket', async () => {
    h = await startHarness({
      rateLimits: { reads: { burst: 5, perSecond: 1 }, writes: { burst: 2, perSecond: 0.5 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.request('/api/studio/tasks')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await h.request('/api/studio/tasks');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as ErrorBody).code).toBe(429);
    // Writes have their own bucket: polling does not use up Generate.
    expect((await h.json('/api/v1/diffusion', { text: 'a' })).status).toBe(200);
    expect((await h.json('/api/v1/diffusion', { text: 'b' })).status).toBe(200);
    expect((await h.json('/api/v1/diffusion', { text: 'c' })).status).toBe(429);
    // Pages and files are not counted.
    expect((await h.request('/healthz')).status).toBe(200);
  });

  it('refills over time', () => {
    const limiter = new RateLimiter({
      reads: { burst: 2, perSecond: 10 },
      writes: { burst: 1, perSecond: 1 },
    });
    expect([
      limiter.take('a', 'reads', 0),
      limiter.take('a', 'reads', 0),
      limiter.take('a', 'reads', 0),
    ]).toEqual([0, 0, 1]);
    expect(limiter.take('b', 'reads', 0)).toBe(0);
    expect(limiter.take('a', 'reads', 150)).toBe(0);
    expect(limiter.take('a', 'writes', 0)).toBe(0);
    expect(limiter.take('a', 'writes', 100)).toBe(1);
  });
});
