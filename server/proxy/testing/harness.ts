import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logger';
import { createProxy, type Proxy, type ProxyOptions } from '../index';
import { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './fake-upstream';

// A proxy in-process on a fake upstream, with its log lines collected: what most tests start from.

export const TEST_KEY = 'sk-test-PROXY-KEY-d0n0tl3ak-8c1f';

export interface Harness {
  proxy: Proxy;
  fake: FakeUpstream;
  dataDir: string;
  logLines: string[];
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    init?: RequestInit,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

export async function startHarness(
  options: Partial<Omit<ProxyOptions, 'upstreamUrl' | 'apiKey' | 'logger'>> & {
    fake?: Omit<FakeUpstreamOptions, 'apiKey'>;
  } = {},
): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'proxy-test-'));
  const fake = await startFakeUpstream({ apiKey: TEST_KEY, ...options.fake });
  const logLines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets: [TEST_KEY],
    destination: { write: (line: string) => void logLines.push(line) },
  });
  const proxy = createProxy({
    selfUrl: () => 'http://127.0.0.1:8080',
    ...options,
    upstream: { retryBaseMs: 10, readTimeoutMs: 1000, createTimeoutMs: 1000, ...options.upstream },
    dataDir,
    upstreamUrl: fake.url,
    apiKey: TEST_KEY,
    logger,
  });
  const request = (path: string, init?: RequestInit) =>
    Promise.resolve(proxy.app.request(`http://127.0.0.1:8080${path}`, init));
  return {
    proxy,
    fake,
    dataDir,
    logLines,
    request,
    async json<T>(path: string, body?: unknown, init: RequestInit = {}) {
      const response = await request(path, {
        method: body === undefined ? 'GET' : 'POST',
        ...init,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.headers as Record<string, string>),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : null) as T,
        headers: response.headers,
      };
    },
    async close() {
      await proxy.close();
      await fake.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
