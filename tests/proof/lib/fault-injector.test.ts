import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultInjector, type FaultKind } from './fault-injector';

// The injector must really misbehave, and only as told: a fault test built on an injector that quietly
// passed everything through would prove nothing.

let upstream: Server;
let upstreamUrl: string;
let seen = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen++;
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ method: req.method, path: req.url, body, key: req.headers['x-api-key'] ?? null }),
      );
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

async function oneFault(kind: FaultKind, slowMs = 50) {
  const injector = await startFaultInjector({ target: upstreamUrl, rate: 1, kinds: [kind], slowMs });
  const before = seen;
  const started = Date.now();
  const outcome = await fetch(`${injector.url}/api/v1/diffusion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
    body: '{"text":"a fox"}',
  }).then(
    async (r) => ({ status: r.status, text: await r.text(), retryAfter: r.headers.get('retry-after') }),
    () => 'network error' as const,
  );
  const reachedUpstream = seen - before;
  await injector.close();
  return { outcome, reachedUpstream, ms: Date.now() - started, counts: injector.counts };
}

describe('fault injector', () => {
  it('passes requests through untouched, headers and body included, at rate 0', async () => {
    const seenByTap: string[] = [];
    const injector = await startFaultInjector({
      target: upstreamUrl,
      rate: 0,
      observe: (r) => seenByTap.push(`${r.method} ${r.path} ${r.body.toString()}`),
    });
    const r = await fetch(`${injector.url}/api/v1/job/abc?x=1`, { headers: { 'x-api-key': 'secret' } });
    expect(await r.json()).toEqual({ method: 'GET', path: '/api/v1/job/abc?x=1', body: '', key: 'secret' });
    await fetch(`${injector.url}/hook`, { method: 'POST', body: '{"a":1}' }).then((x) => x.text());
    expect(injector.counts.passed).toBe(2);
    expect(seenByTap).toEqual(['GET /api/v1/job/abc?x=1 ', 'POST /hook {"a":1}']);
    await injector.close();
  });

  it('answers 500 and 429 (with Retry-After) without reaching the upstream', async () => {
    const e500 = await oneFault('status500');
    expect(e500.outcome).toMatchObject({ status: 500 });
    expect(e500.reachedUpstream).toBe(0);
    const e429 = await oneFault('status429');
    expect(e429.outcome).toMatchObject({ status: 429, retryAfter: '1' });
  });

  it('answers a 200 whose body is not the task JSON it claims to be', async () => {
    const { outcome } = await oneFault('garbage');
    expect(outcome).toMatchObject({ status: 200 });
    const text = (outcome as { text: string }).text;
    const isTask = (() => {
      try {
        return typeof (JSON.parse(text) as { job_id?: unknown } | null)?.job_id === 'string';
      } catch {
        return false;
      }
    })();
    expect(isTask).toBe(false);
  });

  it('holds a slow answer back for slowMs, then delivers the real one', async () => {
    const { outcome, ms, reachedUpstream } = await oneFault('slow', 300);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(outcome).toMatchObject({ status: 200 });
    expect(reachedUpstream).toBe(1);
  });

  it('drops the connection before the upstream sees the request, or after it acted on it', async () => {
    const before = await oneFault('dropBefore');
    expect(before.outcome).toBe('network error');
    expect(before.reachedUpstream).toBe(0);
    const after = await oneFault('dropAfter');
    expect(after.outcome).toBe('network error');
    expect(after.reachedUpstream).toBe(1);
  });

  it('deals faults at about the rate asked, reproducibly for a seed', async () => {
    const counts = [];
    for (let round = 0; round < 2; round++) {
      const injector = await startFaultInjector({
        target: upstreamUrl,
        rate: 0.3,
        kinds: ['status500'],
        seed: 42,
      });
      for (let i = 0; i < 200; i++) await fetch(`${injector.url}/x`).then((r) => r.arrayBuffer());
      counts.push({ ...injector.counts });
      await injector.close();
    }
    expect(counts[0]).toEqual(counts[1]);
    expect(counts[0]!.status500).toBeGreaterThan(40);
    expect(counts[0]!.status500).toBeLessThan(80);
  });
});
