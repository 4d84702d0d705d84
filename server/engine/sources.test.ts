import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from './errors';
import { fetchSourceImage, sniffImageType } from './sources';
import { testPicture } from './test-support';

// Source images over real HTTP: type by content, size cap even when the server lies, timeout.

let server: Server;
let origin: string;
let png: Buffer;

beforeAll(async () => {
  png = await testPicture(50, 40);
  server = createServer((request, response) => {
    if (request.url === '/ok.png')
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(png);
    if (request.url === '/chunked') {
      // No Content-Length: the cap must hold while streaming.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png);
      response.end(Buffer.alloc(5000));
      return;
    }
    if (request.url === '/hang') return; // never answers
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('sniffImageType', () => {
  it('knows JPG, PNG and WebP by their first bytes and nothing else', async () => {
    expect(sniffImageType(await testPicture(8, 8, 'jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await testPicture(8, 8, 'png'))).toBe('image/png');
    expect(sniffImageType(await testPicture(8, 8, 'webp'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImageType(Buffer.from('<html>'))).toBeNull();
  });
});

describe('fetchSourceImage', () => {
  it('trusts the bytes, not the Content-Type', async () => {
    const image = await fetchSourceImage(`${origin}/ok.png`, 'imgUrl');
    expect(image.type).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
  });

  it('413 when a body without Content-Length runs past the cap', async () => {
    const error = await refusal(
      fetchSourceImage(`${origin}/chunked`, 'imgUrl', { maxBytes: png.length + 100 }),
    );
    expect(error.status).toBe(413);
  });

  it('422 for an error status, a refused connection or a timeout; 400 for other schemes', async () => {
    expect((await refusal(fetchSourceImage(`${origin}/broken`, 'imgUrl'))).status).toBe(422);
    expect((await refusal(fetchSourceImage('http://127.0.0.1:9/x.png', 'imgUrl'))).status).toBe(422);
    const slow = await refusal(fetchSourceImage(`${origin}/hang`, 'imgUrl', { timeoutMs: 200 }));
    expect(slow.status).toBe(422);
    expect(slow.message).toMatch(/in time/);
    expect((await refusal(fetchSourceImage('file:///etc/passwd', 'imgUrl'))).status).toBe(400);
  });
});
