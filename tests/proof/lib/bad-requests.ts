import { LIMITS } from '../../../src/contract/limits';
import { UNKNOWN_JOB_ID, VALID_BODIES, type BadRequest } from './bad-bodies';

// Bad requests beyond the eight operation bodies: Get Task ids, the studio's history query and patch,
// uploads that are too big or lie about their type, multipart upload-paint bodies, unknown routes.

const JSON_HEADERS = { 'content-type': 'application/json' };

export interface Part {
  name: string;
  data: string | Uint8Array;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, built by hand so that it can say anything, true or not. */
export function multipart(
  parts: readonly Part[],
  boundary = 'proof-boundary-7d1f',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function getTaskCases(): BadRequest[] {
  const ids: [string, string, number[]][] = [
    ['not a UUID', 'not-a-uuid', [400]],
    ['a UUID with a letter beyond f', '7c0f3a52-9d1e-4b6a-8f57-1f2e3d4c5b6g', [400]],
    ['a UUID in Arabic-Indic digits', '٧c0f3a52-9d1e-4b6a-8f57-1f2e3d4c5b6a', [400]],
    ['a 300-character id', 'a'.repeat(300), [400]],
    ['a NUL byte', '%00', [400]],
    ['a path climbing out', '..%2F..%2Fetc%2Fpasswd', [400, 404]],
    ['an unknown job', UNKNOWN_JOB_ID, [404]],
  ];
  return ids.map(([name, id, expect]) => ({
    name: `Get Task: ${name}`,
    method: 'GET',
    path: `/api/v1/job/${id.includes('%') ? id : encodeURIComponent(id)}`,
    headers: {},
    expect,
  }));
}

export function routeCases(): BadRequest[] {
  const valid = JSON.stringify(VALID_BODIES.diffusion);
  return [
    {
      name: 'an operation that does not exist',
      method: 'POST',
      path: '/api/v1/imagine',
      headers: JSON_HEADERS,
      body: valid,
      expect: [404],
    },
    {
      name: 'an operation read with GET',
      method: 'GET',
      path: '/api/v1/diffusion',
      headers: {},
      expect: [404, 405],
    },
    {
      name: 'an operation sent with PUT',
      method: 'PUT',
      path: '/api/v1/diffusion',
      headers: JSON_HEADERS,
      body: valid,
      expect: [404, 405],
    },
    {
      name: 'an operation with a trailing path',
      method: 'POST',
      path: '/api/v1/diffusion/x',
      headers: JSON_HEADERS,
      body: valid,
      expect: [404, 405],
    },
    {
      name: 'the v2 of an operation',
      method: 'POST',
      path: '/api/v2/diffusion',
      headers: JSON_HEADERS,
      body: valid,
      expect: [404],
    },
  ];
}

/** The proxy's history query: each parameter outside its range (src/contract/studio.ts). */
export function taskListCases(): BadRequest[] {
  const queries: [string, string][] = [
    ['limit 0', 'limit=0'],
    ['limit 201', 'limit=201'],
    ['limit -1', 'limit=-1'],
    ['limit 1.5', 'limit=1.5'],
    ['limit "ten"', 'limit=ten'],
    ['an unknown type', 'type=imagine'],
    ['a list with an unknown type', 'type=diffusion,imagine'],
    ['an unknown status', 'status=done'],
    ['favourite "yes"', 'favourite=yes'],
    ['hidden 1', 'hidden=1'],
    ['a 201-character cursor', `cursor=${'c'.repeat(201)}`],
    ['a 501-character search', `q=${'q'.repeat(501)}`],
    ['a 65-character parent', `parent=${'p'.repeat(65)}`],
  ];
  return queries.map(([name, query]) => ({
    name: `history: ${name}`,
    method: 'GET',
    path: `/api/studio/tasks?${query}`,
    headers: {},
    expect: [400],
  }));
}

/** PATCH bodies for an existing task. */
export function taskPatchCases(jobId: string): BadRequest[] {
  const path = `/api/studio/tasks/${jobId}`;
  const bodies: [string, string][] = [
    ['favourite "yes"', '{"favourite":"yes"}'],
    ['hidden 1', '{"hidden":1}'],
    ['an unknown field', '{"favourite":true,"status":"completed"}'],
    ['a field that would rewrite the task', '{"task":{"status":"completed"}}'],
    ['an array', '[{"favourite":true}]'],
    ['broken JSON', '{"favourite":tru'],
    ['null', 'null'],
  ];
  return [
    ...bodies.map(([name, body]) => ({
      name: `patch: ${name}`,
      method: 'PATCH',
      path,
      headers: JSON_HEADERS,
      body,
      expect: [400],
    })),
    {
      name: 'patch: an unknown task',
      method: 'PATCH',
      path: `/api/studio/tasks/${UNKNOWN_JOB_ID}`,
      headers: JSON_HEADERS,
      body: '{"favourite":true}',
      expect: [404],
    },
  ];
}

// A 1×1 GIF: a real image, of a type the spec does not take.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function uploadCases(realPng: Buffer): BadRequest[] {
  const upload = (name: string, parts: Part[], expect: number[]): BadRequest => {
    const { body, contentType } = multipart(parts);
    return {
      name: `upload: ${name}`,
      method: 'POST',
      path: '/api/studio/uploads',
      headers: { 'content-type': contentType },
      body,
      expect,
    };
  };
  const file = (data: string | Uint8Array, filename: string, type: string): Part => ({
    name: 'file',
    data,
    filename,
    type,
  });
  const tooBig = Buffer.concat([realPng, Buffer.alloc(LIMITS.sourceImageBytes + 1 - realPng.length)]);
  return [
    upload(
      'a text file that says it is a PNG',
      [file('just words, not pixels', 'photo.png', 'image/png')],
      [400, 415, 422],
    ),
    upload('a GIF that says it is a PNG', [file(GIF, 'photo.png', 'image/png')], [400, 415, 422]),
    upload(
      'an SVG that says it is a PNG',
      [file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'photo.png', 'image/png')],
      [400, 415, 422],
    ),
    upload(
      'a PNG signature followed by garbage',
      [file(Buffer.concat([PNG_SIGNATURE, Buffer.from('garbage'.repeat(50))]), 'photo.png', 'image/png')],
      [400, 415, 422],
    ),
    upload(
      'a PNG cut in half',
      [file(realPng.subarray(0, Math.floor(realPng.length / 2)), 'photo.png', 'image/png')],
      [400, 415, 422],
    ),
    upload(
      'an HTML page named .jpg',
      [file('<html><script>alert(1)</script></html>', 'photo.jpg', 'image/jpeg')],
      [400, 415, 422],
    ),
    upload('an empty file', [file('', 'photo.png', 'image/png')], [400, 415, 422]),
    upload('a file one byte over 10 MB', [file(tooBig, 'big.png', 'image/png')], [413]),
    upload('no file part', [{ name: 'other', data: 'x' }], [400]),
    upload(
      'the file sent as a text field',
      [{ name: 'file', data: realPng.toString('latin1') }],
      [400, 415, 422],
    ),
    {
      name: 'upload: JSON instead of multipart',
      method: 'POST',
      path: '/api/studio/uploads',
      headers: JSON_HEADERS,
      body: '{"file":"data:image/png;base64,AAAA"}',
      expect: [400, 415],
    },
    {
      name: 'upload: multipart whose boundary never appears',
      method: 'POST',
      path: '/api/studio/uploads',
      headers: { 'content-type': 'multipart/form-data; boundary=nowhere' },
      body: multipart([file(realPng, 'a.png', 'image/png')]).body,
      expect: [400],
    },
  ];
}

/** Upload-paint as multipart (spec 4.8): the engine reads canvas, imgPos and mask as JSON text parts. */
export function multipartUploadPaintCases(): BadRequest[] {
  const good = VALID_BODIES['upload-paint'] as Record<string, unknown>;
  const asParts = (body: Record<string, unknown>): Part[] =>
    Object.entries(body).map(([name, value]) => ({
      name,
      data: typeof value === 'string' ? value : JSON.stringify(value),
    }));
  const send = (name: string, parts: Part[]): BadRequest => {
    const { body, contentType } = multipart(parts);
    return {
      name: `upload-paint multipart: ${name}`,
      method: 'POST',
      path: '/api/v1/upload-paint',
      headers: { 'content-type': contentType },
      body,
      expect: [400],
    };
  };
  const parts = asParts(good);
  return [
    send(
      'canvas that is not JSON',
      parts.map((p) => (p.name === 'canvas' ? { ...p, data: '{width:1024' } : p)),
    ),
    send(
      'mask as a file',
      parts.map((p) => (p.name === 'mask' ? { ...p, filename: 'mask.png', type: 'image/png' } : p)),
    ),
    send(
      'no mask',
      parts.filter((p) => p.name !== 'mask'),
    ),
    send(
      'canvas 4097 wide',
      parts.map((p) => (p.name === 'canvas' ? { ...p, data: '{"width":4097,"height":1024}' } : p)),
    ),
    send('a prompt twice', [...parts, { name: 'remixPrompt', data: 'again' }]),
    send('an extra part', [...parts, { name: 'unexpected', data: '1' }]),
  ];
}
