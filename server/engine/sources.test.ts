import { createServer, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
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
    if (request.url === '/broken.png') return void response.writeHead(200).end(png.subarray(0, 40));
    if (request.url === '/giant.png') return void response.writeHead(200).end(pngHeaderOnly(9000, 9000));
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

/** A tiny PNG that declares width × height: what a decompression bomb looks like up front. */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))), // the start of the pixels, no more
    chunk('IEND', Buffer.alloc(0)),
  ]);
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

  it('400 for a file that looks like an image but is broken; 413 for more than 64 megapixels', async () => {
    const broken = await refusal(fetchSourceImage(`${origin}/broken.png`, 'imgUrl'));
    expect([broken.status, broken.message]).toEqual([400, 'imgUrl is not a readable image']);
    const giant = await refusal(fetchSourceImage(`${origin}/giant.png`, 'imgUrl'));
    expect(giant.status).toBe(413);
    expect(giant.message).toMatch(/9000×9000/);
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
