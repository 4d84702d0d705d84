import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './testing/harness';

// The built studio: files from dist/, client-side routes fall back to index.html, nothing outside.

let h: Harness;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'proxy-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'app-1a2b.js'), 'console.log("studio")');
  h = await startHarness({ staticDir });
});
afterAll(async () => {
  await h.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the built studio', () => {
  it('serves the page (not cached) and hashed assets (cached for good)', async () => {
    const page = await h.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await h.request('/assets/app-1a2b.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('answers client-side routes with the page, and missing files with 404', async () => {
    const route = await h.request('/gallery/favourites');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('id="root"');
    expect((await h.request('/assets/missing-99.js')).status).toBe(404);
    const escape = await h.request('/%2e%2e/%2e%2e/etc/passwd');
    expect(escape.status).not.toBe(500);
    expect(await escape.text()).not.toContain('root:');
  });

  it('redirects a logged-in designer away from the login page', async () => {
    const withPassword = await startHarness({ staticDir, password: 'a long password' });
    const login = await withPassword.request('/login', {
      method: 'POST',
      body: new URLSearchParams({ password: 'a long password' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const again = await withPassword.request('/login', { headers: { cookie }, redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/');
    const page = await withPassword.request('/', { headers: { cookie } });
    expect(await page.text()).toContain('id="root"');
    await withPassword.close();
  });

  it('sends HSTS when served over https', async () => {
    const https = await startHarness({ publicUrl: 'https://studio.example.com' });
    expect((await https.request('/healthz')).headers.get('strict-transport-security')).toContain('max-age');
    expect((await h.request('/healthz')).headers.get('strict-transport-security')).toBeNull();
    await https.close();
  });
});
