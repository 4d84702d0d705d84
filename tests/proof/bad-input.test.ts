import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_PATHS } from '../../src/contract/operations';
import {
  arbitraryBadBody,
  insideBoundaryCases,
  operationCases,
  VALID_BODIES,
  type BadRequest,
} from './lib/bad-bodies';
import {
  getTaskCases,
  multipartUploadPaintCases,
  routeCases,
  taskListCases,
  taskPatchCases,
  uploadCases,
} from './lib/bad-requests';
import { httpCall } from './lib/http';
import { probeAll, problemsWith, sendCase, type Exchange } from './lib/probe';
import { startProofServer, type ProofServer } from './lib/proof-server';
import { rawExchange } from './lib/raw-http';
import { studioClient } from './lib/studio-client';
import { Ledger } from './lib/ledger';

// Bad input, for every endpoint of the engine and the proxy: always a 4xx with the spec's error body
// (code === status), never a 5xx or a crash, and nothing spent: balances, history and uploads are the
// same after a few thousand bad requests as before. The proxy runs in-process (fast); the engine, and a
// sample against the proxy, over real HTTP.

const SEED = 20_261_120;
let server: ProofServer;
let engineUrl: string;
let existingJobId: string;
let baseline: {
  engineBalance: number;
  proxyBalance: number;
  stored: number;
  uploads: string[];
  task: string;
};

const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };

async function balances() {
  const engine = await fetch(`${engineUrl}/api/account/balance`, { headers: { 'x-api-key': server.apiKey } });
  const proxy = await server.proxy.app.request('/api/account/balance');
  const points = async (r: Response) =>
    ((await r.json()) as { data: { available_points: number } }).data.available_points;
  return { engineBalance: await points(engine), proxyBalance: await points(proxy) };
}

const uploadsDir = () => join(server.dataDir, 'files', 'uploads');
const listUploads = () => {
  try {
    return readdirSync(uploadsDir()).sort();
  } catch {
    return [];
  }
};

/** The proxy in-process: Hono's own request(), no socket. */
const viaProxyApp = (c: BadRequest) =>
  sendCase((path, init) => Promise.resolve(server.proxy.app.request(path, init)), c);
/** The engine over loopback HTTP, with its key (the key is not what is under test here). */
const viaEngine = (c: BadRequest, headers: Record<string, string> = { 'x-api-key': server.apiKey }) =>
  sendCase((path, init) => fetch(engineUrl + path, init), c, headers);
/** The proxy over real HTTP. */
const viaProxyHttp = async (c: BadRequest): Promise<Exchange> => {
  // A fresh connection per case: a refused 12 MB body closes its socket, which must not fail the next case.
  const answer = await httpCall(server.url + c.path, {
    method: c.method,
    headers: c.headers,
    body: c.body,
    agent: false,
  });
  return {
    status: answer.status,
    contentType: String(answer.headers['content-type'] ?? ''),
    text: answer.body.toString('utf8'),
  };
};

beforeAll(async () => {
  server = await startProofServer({
    timeScale: 0.02,
    engine: { rateLimitPerMinute: 1_000_000, maxQueued: 10_000 },
    tuning: { rateLimits: { reads: unlimited, writes: unlimited } },
  });
  engineUrl = server.engine!.url;
  // One real task, so that there is something to patch (and to not change).
  const client = studioClient({ baseUrl: server.url });
  const created = await client.create('diffusion', VALID_BODIES.diffusion);
  if (!created.ok) throw new Error(`could not create the task to patch: ${JSON.stringify(created)}`);
  existingJobId = created.value.job_id;
  const ledger = new Ledger();
  ledger.recordCreated(existingJobId);
  await ledger.waitUntilFinal(client, 20_000, 100);
  client.close();
  baseline = {
    ...(await balances()),
    stored: server.proxy.store.count(),
    uploads: listUploads(),
    task: JSON.stringify(server.proxy.store.get(existingJobId)),
  };
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the proxy, in-process', () => {
  it('answers every malformed operation body with a 4xx in the spec shape', async () => {
    const cases = [...operationCases(), ...routeCases(), ...getTaskCases()];
    expect(cases.length).toBeGreaterThan(700);
    expect(await probeAll(cases, viaProxyApp, [server.apiKey])).toEqual([]);
  });

  it('lets bodies just inside each limit through validation (422: the job is unknown), never 400', async () => {
    expect(await probeAll(insideBoundaryCases(), viaProxyApp, [server.apiKey])).toEqual([]);
  });

  it('refuses bad history queries, bad patches and lying or oversized uploads', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const cases = [...taskListCases(), ...taskPatchCases(existingJobId), ...uploadCases(png)];
    expect(await probeAll(cases, viaProxyApp, [server.apiKey])).toEqual([]);
  });

  it('refuses random wrong bodies (fast-check, seeded) for every operation', async () => {
    for (const path of OPERATION_PATHS) {
      await fc.assert(
        fc.asyncProperty(arbitraryBadBody(path), async (c) => {
          expect(problemsWith(c, await viaProxyApp(c), [server.apiKey])).toEqual([]);
        }),
        { seed: SEED, numRuns: 40 },
      );
    }
  });
});

describe('the engine, over HTTP', () => {
  it('answers every malformed operation body with a 4xx in the spec shape', async () => {
    const cases = [...operationCases(), ...routeCases(), ...getTaskCases(), ...multipartUploadPaintCases()];
    expect(await probeAll(cases, (c) => viaEngine(c), [server.apiKey])).toEqual([]);
  });

  it('lets bodies just inside each limit through validation (422), never 400', async () => {
    expect(await probeAll(insideBoundaryCases(), (c) => viaEngine(c), [server.apiKey])).toEqual([]);
  });

  it('answers a missing, wrong or almost-right key with 401 before reading the body', async () => {
    const c: BadRequest = {
      name: 'a valid body',
      method: 'POST',
      path: '/api/v1/diffusion',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID_BODIES.diffusion),
      expect: [401],
    };
    // (A trailing space is not in the list: HTTP strips it from header values, so it is the same key.)
    const keys: Record<string, string>[] = [
      {},
      { 'x-api-key': '' },
      { 'x-api-key': 'wrong' },
      { 'x-api-key': server.apiKey.toUpperCase() },
      { 'x-api-key': server.apiKey.slice(0, -1) },
      { authorization: `Bearer ${server.apiKey}` },
    ];
    for (const headers of keys)
      expect(problemsWith(c, await viaEngine(c, headers), [server.apiKey])).toEqual([]);
    const balance: BadRequest = { ...c, method: 'GET', path: '/api/account/balance', body: undefined };
    expect(problemsWith(balance, await viaEngine(balance, {}))).toEqual([]);
  });

  it('refuses random wrong bodies (fast-check, seeded) for every operation', async () => {
    for (const path of OPERATION_PATHS) {
      await fc.assert(
        fc.asyncProperty(arbitraryBadBody(path), async (c) => {
          expect(problemsWith(c, await viaEngine(c), [server.apiKey])).toEqual([]);
        }),
        { seed: SEED + 1, numRuns: 25 },
      );
    }
  });
});

describe('the proxy, over real HTTP', () => {
  it('gives the same answers on a socket as in-process (diffusion and upload cases)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const cases = [
      ...operationCases().filter((c) => c.path === '/api/v1/diffusion' || c.path === '/api/v1/upload-paint'),
      ...uploadCases(png),
    ];
    expect(await probeAll(cases, viaProxyHttp, [server.apiKey])).toEqual([]);
  });

  it('survives broken HTTP framing and lying Content-Lengths', async () => {
    const head = (extra: string) =>
      `POST /api/v1/diffusion HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}\r\n`;
    // Node's parser refuses broken chunking before any route runs: a bare 400, no body to shape.
    expect(
      await rawExchange(server.url, `${head('Transfer-Encoding: chunked\r\n')}ZZZ\r\n{}\r\n0\r\n\r\n`),
    ).toBe(400);
    // A declared size far beyond the limit is refused from the header alone, with the spec body.
    const huge = await httpCall(`${server.url}/api/v1/diffusion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '10000000000' },
      body: '{}',
    }).catch(() => null);
    if (huge) expect(huge.status).toBe(413);
    // A body shorter than its Content-Length, then silence: the request dies, the server does not.
    const short = await rawExchange(server.url, `${head('Content-Length: 100\r\n')}{"text":`, 1_000);
    expect(short === 'closed' || (short >= 400 && short < 500)).toBe(true);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });
});

describe('after all of it', () => {
  it('spent nothing: balances, history, uploads and the one real task are as they were', async () => {
    expect(await balances()).toEqual({
      engineBalance: baseline.engineBalance,
      proxyBalance: baseline.proxyBalance,
    });
    expect(server.proxy.store.count()).toBe(baseline.stored);
    expect(listUploads()).toEqual(baseline.uploads);
    expect(JSON.stringify(server.proxy.store.get(existingJobId))).toBe(baseline.task);
  });

  it('logged no server error and never the API key', () => {
    // A client that hangs up mid-body (the lying Content-Length case) is logged by the proxy as an
    // "unexpected error" (ECONNRESET, aborted): noise rather than a server fault, reported, not hidden.
    const errors = server.logs.filter((line) => /"level":(50|60)/.test(line));
    const clientAborts = errors.filter(
      (line) => line.includes('"code":"ECONNRESET"') && line.includes('aborted'),
    );
    expect(errors.filter((line) => !clientAborts.includes(line)).map((l) => l.slice(0, 400))).toEqual([]);
    expect(clientAborts.length).toBeLessThanOrEqual(2);
    expect(server.logs.join('\n')).not.toContain(server.apiKey);
  });
});
