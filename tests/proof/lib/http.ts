import { Agent, request } from 'node:http';

// One HTTP exchange over node:http, so that each simulated designer can keep its own connections and
// its own loopback address (127.0.x.y): the proxy limits per client address, and 200 designers behind a
// single 127.0.0.1 would be one client, not 200.

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface HttpCall {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs?: number;
  /** A client's agent; `false` for a fresh connection that is closed after the answer. */
  agent?: Agent | false;
}

export function clientAgent(localAddress?: string): Agent {
  return new Agent({ keepAlive: true, maxSockets: 8, ...(localAddress ? { localAddress } : {}) });
}

/** The n-th client's own loopback address, 127.0.1.1 and up. */
export function loopbackAddress(n: number): string {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/**
 * One request. Like a browser, it sends again once when a kept-alive connection turns out to have been
 * closed by the server just as it was reused (ECONNRESET on a reused socket: the server never saw it).
 */
export async function httpCall(url: string, call: HttpCall = {}): Promise<HttpAnswer> {
  try {
    return await attempt(url, call);
  } catch (error) {
    const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
    if (reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) return attempt(url, call);
    throw error;
  }
}

function attempt(url: string, call: HttpCall): Promise<HttpAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: call.method ?? 'GET',
        headers: {
          ...(call.body !== undefined ? { 'content-length': String(Buffer.byteLength(call.body)) } : {}),
          ...call.headers,
        },
        agent: call.agent,
        timeout: call.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(call.body);
  });
}
