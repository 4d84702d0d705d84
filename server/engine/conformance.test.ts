import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSchema, taskSchema, ZERO_TIMESTAMP, ENGINE_MODEL, type Task } from '../../src/contract/task';
import { FAILURE_TRIGGER } from './failure';
import { SENSITIVE_WORDS } from './sensitive-words';
import { expectError, startFileServer, startTestEngine, testPicture, type TestEngine } from './test-support';

// Conformance through HTTP with the tables of the spec: fields and initial values per operation
// (2.1-2.5), frozen points (2.4), errors (7, design.md "Error statuses") and limits (8) on both sides.

let engine: TestEngine;
let files: Awaited<ReturnType<typeof startFileServer>>;
let imageJob: Task;
let pictureUrl: string;
const square = { width: 1024, height: 1024, points: [100, 100, 400, 100, 400, 400, 100, 400] };

beforeAll(async () => {
  engine = await startTestEngine();
  files = await startFileServer();
  pictureUrl = files.put('/picture.png', await testPicture(600, 500));
  imageJob = await engine.waitFor(
    (await engine.create('diffusion', { text: 'conformance base --ar 1:1' })).job_id,
  );
});
afterAll(async () => {
  await engine?.close();
  await files?.close();
});

function validBodies(): Record<string, Record<string, unknown>> {
  const source = { jobId: imageJob.job_id, imageNo: 0 };
  return {
    diffusion: { text: 'a lighthouse at dawn --v 7 --draft' },
    'video-diffusion': { ...source, prompt: 'slow push in --bs 1' },
    inpaint: { ...source, mask: { areas: [square] }, remixPrompt: 'a red door' },
    remix: { ...source, remixPrompt: 'watercolor', mode: 1 },
    pan: { ...source, direction: 1, scale: 1.5 },
    variation: { ...source, type: 0 },
    retexture: { imgUrl: pictureUrl, remixPrompt: 'brushed copper' },
    'upload-paint': {
      imgUrl: pictureUrl,
      canvas: { width: 800, height: 600 },
      imgPos: { width: 400, height: 300, x: 100, y: 50 },
      mask: { areas: [{ width: 800, height: 600, points: [0, 0, 100, 0, 100, 100] }] },
      remixPrompt: 'extend the scene',
    },
  };
}

const TABLE: Record<string, { taskType: string; frozen: number; output: 'image' | 'video' }> = {
  diffusion: { taskType: 'diffusion', frozen: 80, output: 'image' },
  pan: { taskType: 'pan', frozen: 80, output: 'image' },
  inpaint: { taskType: 'inpaint', frozen: 120, output: 'image' },
  remix: { taskType: 'remix', frozen: 120, output: 'image' },
  variation: { taskType: 'variation', frozen: 120, output: 'image' },
  retexture: { taskType: 'retexture', frozen: 120, output: 'image' },
  'upload-paint': { taskType: 'upload_paint', frozen: 120, output: 'image' },
  'video-diffusion': { taskType: 'video_diffusion', frozen: 120, output: 'video' }, // --bs 1 at 480p
};

describe('creation responses (spec 2)', () => {
  for (const [operation, row] of Object.entries(TABLE)) {
    it(`${operation}: pending, every field at its initial value, ${row.frozen} points frozen`, async () => {
      const callback = 'http://127.0.0.1:9/hook';
      // The failure word spares a render: what each operation renders is the pixel suites' business.
      const response = await engine.post(operation, {
        ...withFailureWord(operation, validBodies()[operation]!),
        callback,
      });
      expect(response.status).toBe(200);
      const task = taskSchema.parse(await response.json());
      expect(task.job_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(task).toMatchObject({
        model: ENGINE_MODEL,
        task_type: row.taskType,
        status: 'pending',
        config: { service_mode: 'public', webhook_config: { endpoint: callback, secret: '' } },
        input: null,
        detail: null,
        logs: [],
        error: { code: 0, raw_message: '', message: '', detail: null },
      });
      expect(task.meta.usage).toEqual({ type: 'point', frozen: row.frozen, consume: 0 });
      expect(task.output).toEqual(
        row.output === 'video'
          ? { video_urls: null, seed: '' }
          : { image_url: '', image_urls: null, seed: '' },
      );
      if (operation === 'diffusion') {
        expect(Date.parse(task.meta.created_at)).toBeGreaterThan(Date.now() - 60_000);
        expect(task.meta.started_at).toBe(ZERO_TIMESTAMP);
        expect(task.meta.ended_at).toBe(ZERO_TIMESTAMP);
      } else {
        expect([task.meta.created_at, task.meta.started_at, task.meta.ended_at]).toEqual(['', '', '']);
      }
      const done = await engine.waitFor(task.job_id);
      expect(done.status).toBe('failed');
      expect(done.meta.usage.consume).toBe(0);
    });
  }

  it('without a callback the endpoint is an empty string', async () => {
    const task = await engine.create('diffusion', { text: 'no callback' });
    expect(task.config.webhook_config).toEqual({ endpoint: '', secret: '' });
  });

  it.each([
    [undefined, undefined, 480],
    [0, '--bs 4', 480],
    [0, '--bs 2', 240],
    [0, '--bs 1', 120],
    [1, undefined, 1536],
    [1, '--bs 2', 768],
    [1, '--bs 1', 384],
  ])('video-diffusion videoType %s %s freezes %i points', async (videoType, flags, frozen) => {
    // The failure word keeps the engine from rendering batches that would teach nothing new here.
    const body = {
      jobId: imageJob.job_id,
      imageNo: 1,
      prompt: `drift ${FAILURE_TRIGGER} ${flags ?? ''}`.trim(),
      ...(videoType === undefined ? {} : { videoType }),
    };
    const task = await engine.create('video-diffusion', body);
    expect(task.meta.usage.frozen).toBe(frozen);
  });
});

describe('life cycle', () => {
  it('completes with started/ended times, the seed, and consume = frozen', async () => {
    const created = await engine.create('diffusion', { text: 'life cycle --seed 42' });
    const task = await engine.waitFor(created.job_id);
    expect(task.status).toBe('completed');
    expect(task.meta.usage).toEqual({ type: 'point', frozen: 80, consume: 80 });
    expect(task.output.seed).toBe('42');
    expect(task.output.image_urls).toHaveLength(4);
    expect(task.output.image_url).toMatch(new RegExp(`^${engine.url}/files/[0-9a-f]{32}/.+-grid\\.png$`));
    expect(Date.parse(task.meta.started_at)).toBeGreaterThanOrEqual(Date.parse(task.meta.created_at));
    expect(Date.parse(task.meta.ended_at)).toBeGreaterThanOrEqual(Date.parse(task.meta.started_at));
    const image = await fetch(task.output.image_urls![0]!);
    expect(image.headers.get('content-type')).toBe('image/png');
    const size = (await image.arrayBuffer()).byteLength;
    // Byte ranges, as a <video> asks for them; no key needed for files.
    const part = await fetch(task.output.image_urls![0]!, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(8);
    expect((await fetch(`${engine.url}/files/${'0'.repeat(32)}/missing-0.png`)).status).toBe(404);
  });

  it(`fails on purpose with "${FAILURE_TRIGGER}", fills error, keeps consume 0 and refunds`, async () => {
    const before = await engine.balance();
    const created = await engine.create('diffusion', { text: `please ${FAILURE_TRIGGER} now` });
    const task = await engine.waitFor(created.job_id);
    expect(task.status).toBe('failed');
    expect(task.error.code).not.toBe(0);
    expect(task.error.message).toMatch(/failed/i);
    expect(task.meta.usage.consume).toBe(0);
    expect(task.output.image_urls).toBeNull();
    expect(await engine.balance()).toBe(before);
  });

  it('the failure trigger is not a sensitive word', () => {
    expect(SENSITIVE_WORDS).not.toContain(FAILURE_TRIGGER);
  });

  it('reports the balance in the real service shape', async () => {
    const response = await fetch(`${engine.url}/api/account/balance`, {
      headers: { 'x-api-key': 'test-key-0123456789' },
    });
    const balance = balanceSchema.parse(await response.json());
    expect(balance.code).toBe(200);
    expect(balance.data.available_points).toBeGreaterThan(0);
  });

  it('accepts upload-paint as multipart/form-data with JSON text parts (spec 4.8)', async () => {
    const body = validBodies()['upload-paint']!;
    const form = new FormData();
    for (const [key, value] of Object.entries(body))
      form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    const response = await fetch(`${engine.url}/api/v1/upload-paint`, {
      method: 'POST',
      headers: { 'x-api-key': 'test-key-0123456789' },
      body: form,
    });
    expect(response.status).toBe(200);
    const task = taskSchema.parse(await response.json());
    expect(task.task_type).toBe('upload_paint');
    expect((await engine.waitFor(task.job_id)).status).toBe('completed');

    const broken = new FormData();
    for (const [key, value] of Object.entries(body))
      broken.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    broken.set('canvas', '{not json');
    const refused = await fetch(`${engine.url}/api/v1/upload-paint`, {
      method: 'POST',
      headers: { 'x-api-key': 'test-key-0123456789' },
      body: broken,
    });
    await expectError(refused, 400, /canvas/);
  });
});

describe('errors (spec 7)', () => {
  it('401 without or with a wrong key, saying API key verification failed', async () => {
    await expectError(
      await engine.post('diffusion', { text: 'x' }, { key: null }),
      401,
      /API key verification failed/,
    );
    await expectError(
      await engine.post('diffusion', { text: 'x' }, { key: 'wrong' }),
      401,
      /API key verification failed/,
    );
    const job = await fetch(`${engine.url}/api/v1/job/${imageJob.job_id}`);
    await expectError(job, 401, /API key verification failed/);
  });

  it('404 for unknown /api paths and unknown jobs', async () => {
    await expectError(await engine.post('imagine', { text: 'x' }), 404);
    await expectError(await engine.get('00000000-0000-4000-8000-000000000000'), 404);
    await expectError(await engine.get('not-a-uuid'), 400, /job_id/);
  });

  it('400 for a body that is not JSON or not an object', async () => {
    await expectError(await engine.post('diffusion', '{"text": '), 400, /not valid JSON/);
    await expectError(await engine.post('diffusion', '[1,2]'), 400, /JSON object/);
    await expectError(await engine.post('diffusion', 'null'), 400, /JSON object/);
  });

  it('400 naming the field: missing, wrong type, unknown', async () => {
    const missing = await expectError(await engine.post('diffusion', {}), 400, /text/);
    expect(missing.detail).toMatchObject({ fields: [{ field: 'text', message: 'is required' }] });
    await expectError(await engine.post('pan', { ...validBodies().pan, scale: '1.5' }), 400, /scale/);
    await expectError(await engine.post('diffusion', { text: 'x', txet: 'y' }), 400, /txet/);
    await expectError(await engine.post('video-diffusion', { prompt: 'no url here' }), 400, /prompt/);
  });

  it('403 for a prompt with a sensitive word, in any prompt field', async () => {
    await expectError(
      await engine.post('diffusion', { text: `a ${SENSITIVE_WORDS[0]} scene` }),
      403,
      /Sensitive/,
    );
    await expectError(
      await engine.post('remix', {
        ...validBodies().remix,
        remixPrompt: `very ${SENSITIVE_WORDS[1]!.toUpperCase()}`,
      }),
      403,
    );
  });

  it('413 for a body over 1 MB and a source image over 10 MB', async () => {
    await expectError(await engine.post('diffusion', { text: 'x'.repeat(1_100_000) }), 413);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1);
    (await testPicture(10, 10)).copy(huge); // a real PNG header, padded past the limit
    const url = files.put('/huge.png', huge);
    await expectError(await engine.post('retexture', { imgUrl: url, remixPrompt: 'x' }), 413, /imgUrl/);
  });

  it('400 for a source that is not JPG, PNG or WebP (checked by content, not by name)', async () => {
    const url = files.put('/fake.png', Buffer.from('<html>not an image</html>'), 'image/png');
    await expectError(
      await engine.post('retexture', { imgUrl: url, remixPrompt: 'x' }),
      400,
      /JPG, PNG or WebP/,
    );
    const gif = files.put('/tiny.gif', Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'), 'image/gif');
    await expectError(
      await engine.post('upload-paint', { ...validBodies()['upload-paint'], imgUrl: gif }),
      400,
      /imgUrl/,
    );
  });

  it.each(['jpeg', 'webp'] as const)('accepts a %s source', async (format) => {
    const url = files.put(`/picture.${format}`, await testPicture(600, 500, format), `image/${format}`);
    const task = await engine.create('retexture', { imgUrl: url, remixPrompt: 'marble' });
    expect((await engine.waitFor(task.job_id)).status).toBe('completed');
  });

  it('422 for a jobId unknown, unfinished or not an image task, and a source that cannot be fetched', async () => {
    const unknown = { ...validBodies().variation, jobId: '00000000-0000-4000-8000-000000000000' };
    await expectError(await engine.post('variation', unknown), 422, /jobId is unknown/);
    const running = await engine.create('diffusion', { text: 'not yet' });
    await expectError(
      await engine.post('variation', { ...validBodies().variation, jobId: running.job_id }),
      422,
      /not finished/,
    );
    const video = await engine.create('video-diffusion', {
      jobId: imageJob.job_id,
      imageNo: 0,
      prompt: 'x --bs 1',
    });
    await engine.waitFor(video.job_id);
    await expectError(
      await engine.post('pan', { ...validBodies().pan, jobId: video.job_id }),
      422,
      /not an image task/,
    );
    const failed = await engine.waitFor((await engine.create('diffusion', { text: FAILURE_TRIGGER })).job_id);
    await expectError(
      await engine.post('remix', { ...validBodies().remix, jobId: failed.job_id }),
      422,
      /failed/,
    );
    await expectError(
      await engine.post('retexture', { imgUrl: `${files.origin}/missing.png`, remixPrompt: 'x' }),
      422,
      /imgUrl could not be fetched/,
    );
    await expectError(
      await engine.post('video-diffusion', { prompt: `${files.origin}/missing.png drift` }),
      422,
      /prompt/,
    );
    const huge = { ...validBodies()['upload-paint'], imgPos: { width: 9000, height: 300, x: 0, y: 0 } };
    await expectError(await engine.post('upload-paint', huge), 422, /imgPos.width/);
  });

  it('bad input never costs points', async () => {
    await new Promise((r) => setTimeout(r, 100)); // let earlier tasks settle their refunds
    const before = await engine.balance();
    await engine.post('diffusion', {});
    await engine.post('diffusion', { text: `${SENSITIVE_WORDS[0]}` });
    await engine.post('retexture', { imgUrl: `${files.origin}/missing.png`, remixPrompt: 'x' });
    await engine.post('variation', {
      ...validBodies().variation,
      jobId: '00000000-0000-4000-8000-000000000000',
    });
    expect(await engine.balance()).toBe(before);
  });
});

function withFailureWord(operation: string, body: Record<string, unknown>) {
  if (operation === 'diffusion') return { ...body, text: `${FAILURE_TRIGGER} ${String(body.text)}` };
  if (operation === 'video-diffusion')
    return { ...body, prompt: `${FAILURE_TRIGGER} ${String(body.prompt)}` };
  return { ...body, remixPrompt: `${FAILURE_TRIGGER} ${String(body.remixPrompt ?? 'x')}` };
}

describe('limits (spec 8), on both sides', () => {
  const cases: [
    string,
    string,
    (b: Record<string, unknown>) => Record<string, unknown>,
    (b: Record<string, unknown>) => Record<string, unknown>,
  ][] = [
    [
      'diffusion',
      'text',
      (b) => ({ ...b, text: `${FAILURE_TRIGGER} `.padEnd(8192, 'x') }),
      (b) => ({ ...b, text: 'x'.repeat(8193) }),
    ],
    ['diffusion', 'text', (b) => ({ ...b, text: 'a' }), (b) => ({ ...b, text: '' })],
    ['variation', 'imageNo', (b) => ({ ...b, imageNo: 3 }), (b) => ({ ...b, imageNo: 4 })],
    ['variation', 'imageNo', (b) => ({ ...b, imageNo: 0 }), (b) => ({ ...b, imageNo: -1 })],
    ['variation', 'type', (b) => ({ ...b, type: 1 }), (b) => ({ ...b, type: 2 })],
    ['remix', 'mode', (b) => ({ ...b, mode: 0 }), (b) => ({ ...b, mode: 2 })],
    ['pan', 'direction', (b) => ({ ...b, direction: 3 }), (b) => ({ ...b, direction: 4 })],
    ['pan', 'scale', (b) => ({ ...b, scale: 1.1 }), (b) => ({ ...b, scale: 1.09 })],
    ['pan', 'scale', (b) => ({ ...b, scale: 3.0 }), (b) => ({ ...b, scale: 3.01 })],
    ['video-diffusion', 'videoType', (b) => ({ ...b, videoType: 1 }), (b) => ({ ...b, videoType: 2 })],
    [
      'video-diffusion',
      'bs',
      (b) => ({ ...b, prompt: `${FAILURE_TRIGGER} --bs 2` }),
      (b) => ({ ...b, prompt: 'x --bs 3' }),
    ],
    [
      'inpaint',
      'mask.areas.0.width',
      (b) => ({ ...b, mask: { areas: [{ ...square, width: 4096, height: 500 }] } }),
      (b) => ({ ...b, mask: { areas: [{ ...square, width: 4097 }] } }),
    ],
    [
      'inpaint',
      'mask.areas.0.height',
      (b) => ({ ...b, mask: { areas: [{ ...square, width: 500, height: 500 }] } }),
      (b) => ({ ...b, mask: { areas: [{ ...square, height: 499 }] } }),
    ],
    [
      'retexture',
      'imgUrl',
      (b) => ({ ...b, imgUrl: `${pictureUrl}?${'q'.repeat(1024 - pictureUrl.length - 1)}` }),
      (b) => ({ ...b, imgUrl: `${pictureUrl}?${'q'.repeat(1024 - pictureUrl.length)}` }),
    ],
  ];
  it.each(cases)(
    '%s %s: the limit is accepted, one step beyond is a 400 naming it',
    async (operation, field, ok, beyond) => {
      // Accepted tasks carry the failure word so that they do not all render; acceptance is the point.
      const base = withFailureWord(operation, validBodies()[operation]!);
      const accepted = await engine.post(operation, ok(base));
      expect(accepted.status, JSON.stringify(await accepted.clone().json())).toBe(200);
      const refused = await expectError(await engine.post(operation, beyond(base)), 400);
      expect(refused.message).toContain(field === 'bs' ? '--bs' : field);
      expect(refused.detail).toHaveProperty('fields');
    },
  );
});
