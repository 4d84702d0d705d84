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
