import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom } from './random';

// A misbehaving upstream on loopback: an HTTP proxy in front of the real engine that, for a share of the
// requests, answers 500, 429, garbage or very slowly, or drops the connection (before the engine saw the
// request, or after it acted on it: the nastier case, a task was made but nobody heard of it).

export const FAULT_KINDS = ['status500', 'status429', 'garbage', 'slow', 'dropBefore', 'dropAfter'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultInjectorOptions {
  /** Base URL of the real upstream, e.g. the engine's. */
  target: string;
  /** Share of requests that get a fault, 0..1. Changeable later through `setRate`. */
  rate: number;
  kinds?: readonly FaultKind[];
  seed?: number;
  /** How long a `slow` answer is held back. */
  slowMs?: number;
  /** Only requests this accepts may get a fault (default: every request). */
  applies?: (method: string, path: string) => boolean;
  /** Sees every request as it arrives (a tap: e.g. to record callbacks and replay them later). */
  observe?: (request: ObservedRequest) => void;
}

export interface ObservedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FaultInjector {
  url: string;
  /** Faults dealt so far, by kind, plus `passed` for requests forwarded untouched. */
  counts: Record<FaultKind | 'passed', number>;
  setRate(rate: number): void;
  close(): Promise<void>;
}

export async function startFaultInjector(options: FaultInjectorOptions): Promise<FaultInjector> {
  const target = new URL(options.target);
  const kinds = options.kinds ?? FAULT_KINDS;
  const random = seededRandom(options.seed ?? 1);
  const slowMs = options.slowMs ?? 5_000;
  let rate = options.rate;
  const counts = Object.fromEntries([...FAULT_KINDS, 'passed'].map((k) => [k, 0])) as FaultInjector['counts'];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };

  const forward = (
    req: IncomingMessage,
    body: Buffer,
    onAnswer: (upstream: IncomingMessage, data: Buffer) => void,
    onError: () => void,
  ) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => onAnswer(answer, Buffer.concat(chunks)));
        answer.on('error', onError);
      },
    );
    upstream.on('error', onError);
    upstream.end(body);
  };

  const relay = (res: ServerResponse, answer: IncomingMessage, data: Buffer) => {
    if (res.destroyed) return;
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    headers['content-length'] = String(data.length);
    res.writeHead(answer.statusCode ?? 502, headers);
    res.end(data);
  };

  const badGateway = (res: ServerResponse) => {
    if (res.destroyed || res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        code: 502,
        message: 'fault injector: upstream unreachable',
        raw_message: '',
        detail: null,
      }),
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      options.observe?.({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const eligible = options.applies?.(req.method ?? 'GET', path) ?? true;
      const kind = eligible && random.next() < rate ? random.pick(kinds) : undefined;
      if (!kind) {
        counts.passed++;
        forward(
          req,
          body,
          (answer, data) => relay(res, answer, data),
          () => badGateway(res),
        );
        return;
      }
      counts[kind]++;
      switch (kind) {
        case 'status500':
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ code: 500, message: 'Temporary server issue', raw_message: '', detail: null }),
          );
          return;
        case 'status429':
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          res.end(
            JSON.stringify({ code: 429, message: 'Rate limit exceeded', raw_message: '', detail: null }),
          );
          return;
        case 'garbage':
          // A 200 that claims JSON and is not: what a broken gateway or a truncated answer looks like.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            random.pick([
              '<html><body>502 Bad Gateway</body></html>',
              '{"job_id": "',
              '\u0000\uffff\ud800',
              'null',
              '[]',
              '{"status":42}',
            ]),
          );
          return;
        case 'slow':
          forward(
            req,
            body,
            (answer, data) => later(slowMs, () => relay(res, answer, data)),
            () => badGateway(res),
          );
          return;
        case 'dropBefore':
          req.socket.destroy();
          return;
        case 'dropAfter':
          forward(
            req,
            body,
            () => req.socket.destroy(),
            () => req.socket.destroy(),
          );
          return;
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setRate: (next) => {
      rate = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
