import { describe, expect, it } from 'vitest';
import { invalidParamsBody } from './errors';
import { OPERATIONS, type OperationPath } from './operations';

const JOB = '3f8a2c1e-9b7d-4e6f-8a5b-1c2d3e4f5a6b';
const polygon = (width = 1024, height = 1024) => ({ width, height, points: [0, 0, 100, 0, 100, 100] });

/** A valid body for each operation; every test changes one field of it. */
const VALID: Record<OperationPath, Record<string, unknown>> = {
  diffusion: { text: 'a lighthouse at dusk --v 7 --draft' },
  'video-diffusion': { jobId: JOB, imageNo: 0 },
  inpaint: { jobId: JOB, imageNo: 1, mask: { areas: [polygon()] } },
  remix: { jobId: JOB, imageNo: 2, remixPrompt: 'make it winter' },
  pan: { jobId: JOB, imageNo: 3, direction: 1, scale: 1.5 },
  variation: { jobId: JOB, imageNo: 0, type: 0 },
  retexture: { imgUrl: 'https://example.com/a.png', remixPrompt: 'brushed copper' },
  'upload-paint': {
    imgUrl: 'https://example.com/a.png',
    canvas: { width: 1024, height: 1024 },
    imgPos: { width: 512, height: 512, x: 256, y: 256 },
    mask: { areas: [polygon()] },
    remixPrompt: 'a garden around it',
  },
};

function check(operation: OperationPath, patch: Record<string, unknown>) {
  return OPERATIONS[operation].body.safeParse({ ...VALID[operation], ...patch });
}
const ok = (operation: OperationPath, patch: Record<string, unknown> = {}) =>
  expect(check(operation, patch).success, JSON.stringify(patch)).toBe(true);
const bad = (operation: OperationPath, patch: Record<string, unknown>) =>
  expect(check(operation, patch).success, JSON.stringify(patch).slice(0, 200)).toBe(false);

describe('every operation', () => {
  it.each(Object.keys(VALID) as OperationPath[])('%s accepts its valid body', (operation) => ok(operation));

  it.each(Object.keys(VALID) as OperationPath[])('%s takes an optional http(s) callback', (operation) => {
    ok(operation, { callback: 'https://hooks.example.com/done' });
    bad(operation, { callback: 'not a url' });
    bad(operation, { callback: 'ftp://example.com/x' });
  });

  it.each(Object.keys(VALID) as OperationPath[])('%s rejects an unknown field', (operation) => {
    bad(operation, { colour: 'red' });
  });
});

describe('prompt fields: 1 to 8192 characters', () => {
  const cases: [OperationPath, string][] = [
    ['diffusion', 'text'],
    ['remix', 'remixPrompt'],
    ['retexture', 'remixPrompt'],
    ['upload-paint', 'remixPrompt'],
    ['inpaint', 'remixPrompt'],
    ['pan', 'remixPrompt'],
    ['variation', 'remixPrompt'],
  ];
  it.each(cases)('%s.%s', (operation, field) => {
    bad(operation, { [field]: '' });
    ok(operation, { [field]: 'a' });
    ok(operation, { [field]: 'a'.repeat(8192) });
    bad(operation, { [field]: 'a'.repeat(8193) });
    bad(operation, { [field]: 42 });
  });

  it('video prompt (method B) is bounded too', () => {
    const base = 'https://example.com/a.png ';
    ok('video-diffusion', {
      jobId: undefined,
      imageNo: undefined,
      prompt: base + 'a'.repeat(8192 - base.length),
    });
    bad('video-diffusion', {
      jobId: undefined,
      imageNo: undefined,
      prompt: base + 'a'.repeat(8193 - base.length),
    });
  });

  it('required prompts are required', () => {
    bad('diffusion', { text: undefined });
    bad('remix', { remixPrompt: undefined });
    bad('retexture', { remixPrompt: undefined });
    bad('upload-paint', { remixPrompt: undefined });
  });

  it('variation accepts a null remixPrompt', () => ok('variation', { remixPrompt: null }));

  it('known flags out of range are refused, unknown flags pass', () => {
    bad('diffusion', { text: 'a cat --chaos 101' });
    ok('diffusion', { text: 'a cat --chaos 100' });
    ok('diffusion', { text: 'a cat --sref 123 --p' });
  });
});

describe('jobId and imageNo', () => {
  const withJob: OperationPath[] = ['video-diffusion', 'inpaint', 'remix', 'pan', 'variation'];
  it.each(withJob)('%s: jobId is a UUID, imageNo 0..3', (operation) => {
    bad(operation, { jobId: 'job-1' });
    bad(operation, { jobId: '' });
    ok(operation, { jobId: JOB.toUpperCase() });
    bad(operation, { imageNo: -1 });
    ok(operation, { imageNo: 0 });
    ok(operation, { imageNo: 3 });
    bad(operation, { imageNo: 4 });
    bad(operation, { imageNo: 1.5 });
    bad(operation, { imageNo: '1' });
  });
});

describe('video-diffusion', () => {
  it('videoType is 0 or 1', () => {
    bad('video-diffusion', { videoType: -1 });
    ok('video-diffusion', { videoType: 0 });
    ok('video-diffusion', { videoType: 1 });
    bad('video-diffusion', { videoType: 2 });
  });

  it('--bs takes 1, 2 or 4', () => {
    for (const bs of ['1', '2', '4']) ok('video-diffusion', { prompt: `slow dolly --bs ${bs}` });
    for (const bs of ['0', '3', '8']) bad('video-diffusion', { prompt: `slow dolly --bs ${bs}` });
  });

  it('method A needs jobId with imageNo', () => {
    bad('video-diffusion', { imageNo: undefined });
    bad('video-diffusion', { jobId: undefined });
  });

  it('method B needs a prompt that starts with an image URL, then text', () => {
    const b = { jobId: undefined, imageNo: undefined };
    ok('video-diffusion', { ...b, prompt: 'https://example.com/a.png the waves roll in --motion high' });
    ok('video-diffusion', { ...b, prompt: '[https://example.com/a.png] the waves roll in' });
    bad('video-diffusion', { ...b, prompt: 'the waves roll in https://example.com/a.png' });
    bad('video-diffusion', { ...b, prompt: 'https://example.com/a.png' });
    bad('video-diffusion', b);
  });

  it('video flags are checked', () => {
    ok('video-diffusion', { prompt: 'x --motion low --raw --loop --end https://example.com/end.png' });
    bad('video-diffusion', { prompt: 'x --motion medium' });
    bad('video-diffusion', { prompt: 'x --end somewhere' });
    bad('video-diffusion', { prompt: 'x --loop forever' });
  });
});

describe('remix mode, pan direction and scale, variation type', () => {
  it('remix mode is 0 or 1', () => {
    ok('remix', { mode: 0 });
    ok('remix', { mode: 1 });
    bad('remix', { mode: 2 });
    bad('remix', { mode: -1 });
  });

  it('pan direction is 0..3 and required', () => {
    bad('pan', { direction: -1 });
    ok('pan', { direction: 0 });
    ok('pan', { direction: 3 });
    bad('pan', { direction: 4 });
    bad('pan', { direction: 1.5 });
    bad('pan', { direction: undefined });
  });

  it('pan scale is 1.1..3.0 and required', () => {
    bad('pan', { scale: 1.09 });
    ok('pan', { scale: 1.1 });
    ok('pan', { scale: 3.0 });
    bad('pan', { scale: 3.01 });
    bad('pan', { scale: '2' });
    bad('pan', { scale: undefined });
  });

  it('variation type is 0 or 1 and required', () => {
    ok('variation', { type: 0 });
    ok('variation', { type: 1 });
    bad('variation', { type: 2 });
    bad('variation', { type: -1 });
    bad('variation', { type: undefined });
  });
});

describe('polygons and masks', () => {
  it('width and height are 500..4096', () => {
    for (const [w, h] of [
      [499, 1000],
      [1000, 499],
      [4097, 1000],
      [1000, 4097],
    ]) {
      bad('inpaint', { mask: { areas: [polygon(w, h)] } });
    }
    ok('inpaint', { mask: { areas: [polygon(500, 500)] } });
    ok('inpaint', { mask: { areas: [polygon(4096, 4096)] } });
  });

  it('points are at least 3 integer x, y pairs inside the image', () => {
    const area = (points: unknown) => ({ mask: { areas: [{ width: 1000, height: 800, points }] } });
    ok('inpaint', area([0, 0, 1000, 0, 1000, 800]));
    bad('inpaint', area([0, 0, 10, 0]));
    bad('inpaint', area([0, 0, 10, 0, 10, 10, 5]));
    bad('inpaint', area([0, 0, 10.5, 0, 10, 10]));
    bad('inpaint', area([0, 0, -1, 0, 10, 10]));
    bad('inpaint', area([0, 0, 1001, 0, 10, 10]));
    bad('inpaint', area([0, 0, 10, 801, 10, 10]));
  });

  it('a mask has areas or url, exactly one; inpaint requires it', () => {
    ok('inpaint', { mask: { url: 'https://example.com/mask.png' } });
    bad('inpaint', { mask: {} });
    bad('inpaint', { mask: { areas: [] } });
    bad('inpaint', { mask: { url: 'https://example.com/m.png', areas: [polygon()] } });
    bad('inpaint', { mask: undefined });
    bad('upload-paint', { mask: undefined });
  });

  it('the deprecated single area is still accepted on inpaint', () => ok('inpaint', { area: polygon() }));
});

describe('imgUrl, canvas and imgPos', () => {
  const url = (length: number) => 'https://example.com/' + 'a'.repeat(length - 'https://example.com/'.length);
  it.each(['retexture', 'upload-paint'] as const)(
    '%s imgUrl is an http(s) URL of at most 1024 characters',
    (op) => {
      ok(op, { imgUrl: url(1024) });
      bad(op, { imgUrl: url(1025) });
      bad(op, { imgUrl: 'example.com/a.png' });
      bad(op, { imgUrl: 'javascript:alert(1)' });
      bad(op, { imgUrl: undefined });
    },
  );

  it('canvas sides are 500..4096', () => {
    bad('upload-paint', { canvas: { width: 499, height: 1000 } });
    ok('upload-paint', { canvas: { width: 500, height: 4096 } });
    bad('upload-paint', { canvas: { width: 1000, height: 4097 } });
  });

  it('imgPos is whole pixels with a positive size', () => {
    ok('upload-paint', { imgPos: { width: 1, height: 1, x: -20, y: 0 } });
    bad('upload-paint', { imgPos: { width: 0, height: 10, x: 0, y: 0 } });
    bad('upload-paint', { imgPos: { width: 10.5, height: 10, x: 0, y: 0 } });
    bad('upload-paint', { imgPos: { width: 10, height: 10, x: 0 } });
  });
});

describe('invalidParamsBody', () => {
  it('names the field and why, and lists every field in detail', () => {
    const result = check('pan', { scale: 9, direction: 7 });
    expect(result.success).toBe(false);
    const body = invalidParamsBody(result.error!);
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^Invalid request parameters: (direction|scale) /);
    const fields = (body.detail?.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['direction', 'scale']);
  });

  it('says a missing field is required and names unknown fields', () => {
    const missing = invalidParamsBody(check('remix', { remixPrompt: undefined }).error!);
    expect(missing.message).toBe('Invalid request parameters: remixPrompt is required');
    const unknown = invalidParamsBody(check('remix', { color: 1 }).error!);
    expect(unknown.message).toMatch(/unknown field\(s\): color/);
  });
});
