import { connect } from 'node:net';

// Requests no well-behaved client would send (broken chunked framing, a Content-Length that lies),
// written byte by byte on a socket. Answers the status line's code, or 'closed' if none came.

export async function rawExchange(
  baseUrl: string,
  request: string | Buffer,
  waitMs = 3_000,
): Promise<number | 'closed'> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      resolve(match ? Number(match[1]) : 'closed');
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (/^HTTP\/1\.[01] \d{3}/.test(received)) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    // Half-close after writing: a lying Content-Length then leaves the server waiting for bytes that never come.
    socket.end(request);
  });
}
