import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { clientAgent, httpCall, loopbackAddress } from './http';

it('connects each simulated designer from its own loopback address', async () => {
  const server = createServer((req, res) => res.end(req.socket.remoteAddress));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    expect(loopbackAddress(0)).toBe('127.0.1.1');
    expect(loopbackAddress(251)).toBe('127.0.2.2');
    const seen = await Promise.all(
      [0, 1, 199].map(async (n) => {
        const agent = clientAgent(loopbackAddress(n));
        const answer = await httpCall(url, { agent });
        agent.destroy();
        return answer.body.toString();
      }),
    );
    expect(seen).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.200']);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

it('sends once more, like a browser, when a reused keep-alive connection was closed under it', async () => {
  const served = new WeakSet<object>();
  let resets = 0;
  const server = createServer((req, res) => {
    // The second request on a kept-alive socket finds it closing: the server never handles it.
    if (served.has(req.socket)) {
      resets++;
      req.socket.destroy();
      return;
    }
    served.add(req.socket);
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const agent = clientAgent();
  try {
    expect((await httpCall(url, { agent })).body.toString()).toBe('ok');
    expect((await httpCall(url, { agent })).body.toString()).toBe('ok');
    expect(resets).toBe(1);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
