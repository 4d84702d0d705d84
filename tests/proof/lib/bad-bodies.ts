import fc from 'fast-check';
import type { z } from 'zod';
import { LIMITS } from '../../../src/contract/limits';
import { OPERATIONS, OPERATION_PATHS, type OperationPath } from '../../../src/contract/operations';

// Malformed requests for the eight operations, for the engine and the proxy alike. The contract's own schema
// is the oracle: a JSON case is kept only when the schema rejects it, so every case here MUST get a 4xx.
// Envelope cases (broken JSON, wrong content type, oversized) are bad whatever the schema says.

export interface BadRequest {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The statuses a correct server may give; always 4xx. */
  expect: readonly number[];
}

/** A job id that no server knows: valid as a UUID, so a body that slips through is a 422, never spent. */
export const UNKNOWN_JOB_ID = '7c0f3a52-9d1e-4b6a-8f57-1f2e3d4c5b6a';

const square = { width: 1024, height: 1024, points: [0, 0, 600, 0, 600, 600, 0, 600] };

/** One valid body per operation; jobId-based ones point at UNKNOWN_JOB_ID. */
export const VALID_BODIES: Record<OperationPath, Record<string, unknown>> = {
  diffusion: { text: 'a red fox in fresh snow --ar 3:2' },
  'video-diffusion': { jobId: UNKNOWN_JOB_ID, imageNo: 0, prompt: 'slow drift --motion low', videoType: 0 },
  inpaint: { jobId: UNKNOWN_JOB_ID, imageNo: 1, mask: { areas: [square] }, remixPrompt: 'a straw hat' },
  remix: { jobId: UNKNOWN_JOB_ID, imageNo: 2, remixPrompt: 'as a watercolour', mode: 1 },
  pan: { jobId: UNKNOWN_JOB_ID, imageNo: 3, direction: 1, scale: 1.5, remixPrompt: 'more sea' },
  variation: { jobId: UNKNOWN_JOB_ID, imageNo: 0, type: 1, remixPrompt: 'bluer' },
  retexture: { imgUrl: 'https://example.com/source.png', remixPrompt: 'made of frosted glass' },
  'upload-paint': {
    imgUrl: 'https://example.com/source.png',
    canvas: { width: 1024, height: 1024 },
    imgPos: { width: 512, height: 512, x: 256, y: 256 },
    mask: { areas: [square] },
    remixPrompt: 'a gilded frame',
  },
};

const JSON_HEADERS = { 'content-type': 'application/json' };
const BAD_BODY = [400] as const;
const TOO_LARGE = [400, 413] as const;
const NOT_JSON = [400, 415] as const;

type Path = (string | number)[];

function clone<T>(value: T): T {
  return structuredClone(value);
}

function setAt(body: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = clone(body);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

function deleteAt(body: Record<string, unknown>, path: Path): Record<string, unknown> {
  const copy = clone(body);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  delete node[path[path.length - 1]!];
  return copy;
}

/** Every leaf and object path of a body (arrays of numbers count as one leaf). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return [prefix];
  const own: Path[] = prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...own, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
}

const WRONG_VALUES: readonly unknown[] = [
  null,
  true,
  'text',
  '1',
  '',
  0,
  -1,
  1.5,
  2 ** 53,
  [],
  {},
  [1, 2],
  { nested: { deeper: [] } },
  '\u0000',
  '\u202eevil', // right-to-left override
  '\ud800', // a lone surrogate
  '１', // a full-width digit
  'x'.repeat(LIMITS.prompt.max + 1),
];

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 40) return text;
  const length = typeof value === 'string' ? value.length : text.length;
  return `${text.slice(0, 20)}…(${length} chars)`;
}

/** Outside each limit of spec 8 by the smallest step, and a few far outside. */
function limitCases(path: OperationPath): [Path, unknown][] {
  const promptField = path === 'diffusion' ? 'text' : path === 'video-diffusion' ? 'prompt' : 'remixPrompt';
  const cases: [Path, unknown][] = [
    [[promptField], ''],
    [[promptField], 'p'.repeat(LIMITS.prompt.max + 1)],
    [[promptField], 'a fox --stylize 1001'],
    [[promptField], 'a fox --chaos -1'],
    [[promptField], 'a fox --ar 0:1'],
    [[promptField], 'a fox --v 99'],
    [['callback'], 'ftp://example.com/hook'],
    [['callback'], 'not a url'],
    [['callback'], 'javascript:alert(1)'],
  ];
  if ('imageNo' in VALID_BODIES[path])
    cases.push(
      [['imageNo'], LIMITS.imageNo.min - 1],
      [['imageNo'], LIMITS.imageNo.max + 1],
      [['imageNo'], 0.5],
      [['jobId'], 'not-a-uuid'],
      [['jobId'], `${UNKNOWN_JOB_ID}0`],
      [['jobId'], '../../etc/passwd'],
      [['jobId'], ''],
    );
  const outsideSide = [LIMITS.polygonSide.min - 1, LIMITS.polygonSide.max + 1];
  switch (path) {
    case 'video-diffusion':
      cases.push(
        [['videoType'], 2],
        [['videoType'], -1],
        [['prompt'], 'drift --bs 3'],
        [['prompt'], 'drift --motion wild'],
      );
      cases.push([['prompt'], 'drift --end not-a-url']);
      break;
    case 'remix':
      cases.push([['mode'], 2], [['mode'], -1]);
      break;
    case 'pan':
      cases.push(
        [['direction'], LIMITS.panDirection.min - 1],
        [['direction'], LIMITS.panDirection.max + 1],
        [['direction'], 1.5],
        [['scale'], 1.09],
        [['scale'], 1.0999999],
        [['scale'], 3.0000001],
        [['scale'], 3.01],
        [['scale'], 0],
        [['scale'], -2],
      );
      break;
    case 'variation':
      cases.push([['type'], 2], [['type'], -1]);
      break;
    case 'inpaint':
    case 'upload-paint':
      for (const side of outsideSide) {
        cases.push([['mask', 'areas', 0, 'width'], side], [['mask', 'areas', 0, 'height'], side]);
      }
      cases.push(
        [['mask', 'areas'], []],
        [
          ['mask', 'areas', 0, 'points'],
          [0, 0, 1, 1],
        ],
        [
          ['mask', 'areas', 0, 'points'],
          [0, 0, 600, 0, 600],
        ],
        [
          ['mask', 'areas', 0, 'points'],
          [0, 0, 5000, 0, 600, 600],
        ],
        [
          ['mask', 'areas', 0, 'points'],
          [0, 0, -1, 0, 600, 600],
        ],
        [['mask'], {}],
        [['mask'], { areas: [square], url: 'https://example.com/m.png' }],
      );
      break;
  }
  if (path === 'upload-paint') {
    for (const side of [LIMITS.canvasSide.min - 1, LIMITS.canvasSide.max + 1])
      cases.push([['canvas', 'width'], side], [['canvas', 'height'], side]);
    cases.push([['imgPos', 'width'], 0], [['imgPos', 'height'], -5], [['imgPos', 'x'], 0.5]);
  }
  if (path === 'retexture' || path === 'upload-paint') {
    const longUrl = `https://example.com/${'a'.repeat(LIMITS.imgUrlLength - 'https://example.com/'.length + 1)}`;
    cases.push(
      [['imgUrl'], longUrl],
      [['imgUrl'], 'file:///etc/passwd'],
      [['imgUrl'], 'data:image/png;base64,AAAA'],
      [['imgUrl'], 'example.com/a.png'],
    );
  }
  return cases;
}

function jsonCase(path: OperationPath, name: string, body: unknown): BadRequest {
  return {
    name: `${path}: ${name}`,
    method: 'POST',
    path: `/api/v1/${path}`,
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    expect: BAD_BODY,
  };
}

function rejects(schema: z.ZodType, body: unknown): boolean {
  return !schema.safeParse(body).success;
}

/** Field-level cases: missing, extra, wrong types, odd unicode, each limit's boundary; all rejected by the schema. */
export function fieldCases(path: OperationPath): BadRequest[] {
  const schema = OPERATIONS[path].body as z.ZodType;
  const valid = VALID_BODIES[path];
  if (rejects(schema, valid)) throw new Error(`VALID_BODIES[${path}] is not valid: fix the generator`);
  const cases: BadRequest[] = [];
  const keep = (name: string, body: unknown) => {
    if (rejects(schema, body)) cases.push(jsonCase(path, name, body));
  };
  for (const p of pathsOf(valid)) {
    keep(`without ${p.join('.')}`, deleteAt(valid, p));
    for (const value of WRONG_VALUES) keep(`${p.join('.')} = ${describe(value)}`, setAt(valid, p, value));
  }
  for (const [p, value] of limitCases(path))
    keep(`${p.join('.')} = ${describe(value)} (limit)`, setAt(valid, p, value));
  keep('an extra field', { ...valid, unexpected: 1 });
  keep('a field named like another in Cyrillic', { ...valid, ['tеxt']: 'a' });
  keep('an empty object', {});
  keep('an x-api-key field in the body', { ...valid, 'x-api-key': 'guess' });
  return cases;
}

function raw(
  path: OperationPath,
  name: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
  expect: readonly number[],
): BadRequest {
  return { name: `${path}: ${name}`, method: 'POST', path: `/api/v1/${path}`, headers, body, expect };
}

/** Whole-body cases: not JSON, not an object, wrong content types, oversized, odd bytes. */
export function envelopeCases(path: OperationPath): BadRequest[] {
  const valid = JSON.stringify(VALID_BODIES[path]);
  const json = JSON_HEADERS;
  const cases = [
    raw(path, 'an empty body', '', json, BAD_BODY),
    raw(path, 'a cut-off body', valid.slice(0, valid.length / 2), json, BAD_BODY),
    raw(path, 'single quotes', valid.replaceAll('"', "'"), json, BAD_BODY),
    raw(path, 'a trailing comma', valid.replace(/}$/, ',}'), json, BAD_BODY),
    raw(path, 'two objects', `${valid}${valid}`, json, BAD_BODY),
    raw(path, 'an array', `[${valid}]`, json, BAD_BODY),
    raw(path, 'a string', '"text"', json, BAD_BODY),
    raw(path, 'null', 'null', json, BAD_BODY),
    raw(path, 'a number', '42', json, BAD_BODY),
    raw(path, 'NaN', '{"imageNo": NaN}', json, BAD_BODY),
    raw(
      path,
      'an overflowing number',
      valid.replace(/}$/, ',"imageNo":1e999,"scale":1e999}'),
      json,
      BAD_BODY,
    ),
    raw(
      path,
      'a duplicated key whose last value is wrong',
      valid.replace(/}$/, ',"text":5,"remixPrompt":5,"prompt":5,"imgUrl":5}'),
      json,
      BAD_BODY,
    ),
    raw(
      path,
      'a prototype key',
      valid.replace(/}$/, ',"__proto__":{"polluted":true},"constructor":{"prototype":{}}}'),
      json,
      BAD_BODY,
    ),
    raw(path, 'nesting 100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, json, TOO_LARGE),
    raw(
      path,
      'invalid UTF-8 in a key',
      Buffer.concat([Buffer.from('{"te'), Buffer.from([0xff, 0xfe]), Buffer.from('xt":"a"}')]),
      json,
      BAD_BODY,
    ),
    raw(path, 'a NUL byte between tokens', valid.replace('{', '{\u0000'), json, BAD_BODY),
    raw(
      path,
      'form encoding',
      'text=a+fox&remixPrompt=a+fox',
      { 'content-type': 'application/x-www-form-urlencoded' },
      NOT_JSON,
    ),
    raw(path, 'plain text', 'a red fox in snow', { 'content-type': 'text/plain' }, NOT_JSON),
    raw(path, 'XML', '<text>a red fox</text>', { 'content-type': 'application/xml' }, NOT_JSON),
    raw(
      path,
      'multipart without a boundary',
      '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\na fox\r\n--x--\r\n',
      { 'content-type': 'multipart/form-data' },
      NOT_JSON,
    ),
    raw(
      path,
      'a 2 MB prompt',
      JSON.stringify({ ...VALID_BODIES[path], text: 'x'.repeat(2 * 1024 * 1024) }),
      json,
      TOO_LARGE,
    ),
    raw(path, 'a 12 MB body', `{"text":"${'x'.repeat(12 * 1024 * 1024)}"}`, json, TOO_LARGE),
  ];
  return cases;
}

export function operationCases(): BadRequest[] {
  return OPERATION_PATHS.flatMap((p) => [...envelopeCases(p), ...fieldCases(p)]);
}

/**
 * Bodies on the inner side of each limit's boundary, with an unknown jobId: a correct server gets past
 * validation and answers 422 (job unknown), never 400. Proves the limits are inclusive where the spec says so.
 */
export function insideBoundaryCases(): BadRequest[] {
  const at = (path: OperationPath, name: string, patch: Record<string, unknown>): BadRequest => ({
    ...jsonCase(path, `${name} (inside the limit)`, { ...VALID_BODIES[path], ...patch }),
    expect: [422],
  });
  const polygon = (side: number) => ({
    areas: [{ width: side, height: side, points: [0, 0, side, 0, side, side] }],
  });
  return [
    at('pan', 'scale 1.1', { scale: LIMITS.panScale.min }),
    at('pan', 'scale 3.0', { scale: LIMITS.panScale.max }),
    at('pan', 'direction 0', { direction: 0 }),
    at('pan', 'direction 3', { direction: 3 }),
    at('remix', 'imageNo 3', { imageNo: 3 }),
    at('remix', 'a prompt of 8192 characters', { remixPrompt: 'p'.repeat(LIMITS.prompt.max) }),
    at('remix', 'a one-character prompt', { remixPrompt: 'p' }),
    at('inpaint', 'a polygon 500 wide', { mask: polygon(LIMITS.polygonSide.min) }),
    at('inpaint', 'a polygon 4096 wide', { mask: polygon(LIMITS.polygonSide.max) }),
    at('variation', 'type 0', { type: 0 }),
    at('video-diffusion', 'videoType 1', { videoType: 1 }),
  ];
}

/** Random wrong bodies: a valid body with one field replaced by any JSON value the schema rejects. */
export function arbitraryBadBody(path: OperationPath): fc.Arbitrary<BadRequest> {
  const schema = OPERATIONS[path].body as z.ZodType;
  const valid = VALID_BODIES[path];
  const paths = pathsOf(valid);
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.jsonValue({ maxDepth: 3 }),
      fc.boolean(),
      fc.string({ unit: 'binary', maxLength: 12 }),
    )
    .map(([p, value, extraKey, key]) => {
      let body = setAt(valid, p, value);
      if (extraKey && key) body = { ...body, [key]: value };
      return jsonCase(
        path,
        `${p.join('.')} = ${describe(value)}${extraKey && key ? ` and key ${describe(key)}` : ''}`,
        body,
      );
    })
    .filter((c) => rejects(schema, JSON.parse(c.body as string)));
}
