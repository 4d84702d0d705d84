import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '../../src/contract/task';
import type { ErrorBody } from '../../src/contract/errors';
import { eventually, startHarness, TEST_KEY, type Harness } from './testing/harness';

// The service interface through the proxy, against a fake upstream that fails on purpose.

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ freshnessMs: 300 });
});
afterEach(() => h.close());

const diffusion = { text: 'a lighthouse at dusk --ar 16:9' };

describe('creating tasks', () => {
  it('forwards a valid body with the server key and records the task before answering', async () => {
    const { status, body } = await h.json<Task>('/api/v1/diffusion', diffusion, {
      headers: { 'x-api-key': 'client-key', cookie: 'a=b', authorization: 'Bearer client' },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('pending');
    expect(body.task_type).toBe('diffusion');
    const stored = h.proxy.store.get(body.job_id);
    expect(stored?.request).toEqual(diffusion);
    expect(stored?.prompt).toBe(diffusion.text);
    const sent = h.fake.creates[0]!;
    expect(sent.headers['x-api-key']).toBe(TEST_KEY);
    expect(sent.headers.cookie).toBeUndefined();
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('records lineage (parent job and image) from image-based operations', async () => {
    const parent = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    const remix = await h.json<Task>('/api/v1/remix', {
      jobId: parent.job_id,
      imageNo: 2,
      remixPrompt: 'in winter',
    });
    expect(remix.status).toBe(200);
    const child = h.proxy.store.get(remix.body.job_id)!;
    expect(child.parentJobId).toBe(parent.job_id);
    expect(child.parentImageNo).toBe(2);
    expect(h.proxy.store.get(parent.job_id)!.childJobIds).toEqual([remix.body.job_id]);
  });

  it('rejects a bad body with 400 naming the field, and sends nothing upstream', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/v1/diffusion', { text: '' }, 'text'],
      [
        '/api/v1/pan',
        { jobId: '6f1c2a3e-0000-4000-8000-000000000000', imageNo: 0, direction: 1, scale: 5 },
        'scale',
      ],
      ['/api/v1/remix', { jobId: 'nope', imageNo: 0, remixPrompt: 'x' }, 'jobId'],
      ['/api/v1/diffusion', { text: 'ok', colour: 'red' }, '(body)'],
      [
        '/api/v1/variation',
        { jobId: '6f1c2a3e-0000-4000-8000-000000000000', imageNo: 7, type: 0 },
        'imageNo',
      ],
    ];
    for (const [path, body, field] of cases) {
      const { status, body: error } = await h.json<ErrorBody>(path, body);
      expect(status, path).toBe(400);
      expect(error.code).toBe(400);
      expect(error.message).toContain(field === '(body)' ? 'colour' : field);
      expect((error.detail!.fields as { field: string }[])[0]!.field).toBe(field);
    }
    expect((await h.json<ErrorBody>('/api/v1/diffusion', '{not json')).status).toBe(400);
    expect((await h.json<ErrorBody>('/api/v1/diffusion', '[1,2]')).body.message).toMatch(/JSON object/);
    expect(h.fake.calls.create).toBe(0);
    expect(h.proxy.store.count()).toBe(0);
  });

  it('accepts upload-paint as multipart with JSON text parts (spec 4.8) and forwards it as JSON', async () => {
    const form = new FormData();
    form.append('imgUrl', 'https://example.com/source.png');
    form.append('remixPrompt', 'a brass lamp');
    form.append('canvas', JSON.stringify({ width: 1000, height: 800 }));
    form.append('imgPos', JSON.stringify({ width: 500, height: 500, x: 100, y: 50 }));
    form.append(
      'mask',
      JSON.stringify({ areas: [{ width: 500, height: 500, points: [0, 0, 400, 0, 400, 400] }] }),
    );
    const response = await h.request('/api/v1/upload-paint', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Task).task_type).toBe('upload_paint');
    expect(h.fake.creates[0]!.headers['content-type']).toBe('application/json');
    expect(h.fake.creates[0]!.body.canvas).toEqual({ width: 1000, height: 800 });

    const broken = new FormData();
    broken.append('canvas', '{width: 1000');
    const bad = await h.request('/api/v1/upload-paint', { method: 'POST', body: broken });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).message).toContain('canvas');
    expect(h.fake.calls.create).toBe(1);
  });

  it('is no open proxy: only the eight operations, Get Task and the balance go upstream', async () => {
    for (const path of [
      '/api/v1/imagine',
      '/api/v2/diffusion',
      '/api/anything',
      '/api',
      '/api/v1/job/../../account/balance',
    ]) {
      const response = await h.request(path, { method: 'POST', body: '{}' });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as ErrorBody).code).toBe(404);
    }
    const tricky = await h.json<ErrorBody>('/api/v1/job/..%2F..%2Faccount%2Fbalance');
    expect(tricky.status).toBe(400);
    expect(h.fake.calls.create + h.fake.calls.job + h.fake.calls.balance).toBe(0);
  });

  it('passes upstream refusals on with their status and message', async () => {
    const refused = await h.json<ErrorBody>('/api/v1/diffusion', { text: 'something forbidden' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 403,
      message: 'Sensitive content detected',
      raw_message: '',
      detail: null,
    });

    h.fake.fail('create', { kind: 'status', status: 429, retryAfter: 7, message: 'Queue full' });
    const limited = await h.json<ErrorBody>('/api/v1/diffusion', diffusion);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.message).toBe('Queue full');

    h.fake.fail('create', { kind: 'status', status: 402, message: `Not enough points for key ${TEST_KEY}` });
    const poor = await h.json<ErrorBody>('/api/v1/diffusion', diffusion);
    expect(poor.status).toBe(402);
    expect(JSON.stringify(poor.body)).not.toContain(TEST_KEY);
    expect(h.proxy.store.count()).toBe(0);
  });

  it('never retries a create, and maps network trouble to 502/504 without details', async () => {
    h.fake.fail('create', { kind: 'status', status: 500 });
    const failed = await h.json<ErrorBody>('/api/v1/diffusion', diffusion);
    expect(failed.status).toBe(502);
    expect(h.fake.calls.create).toBe(1);

    h.fake.fail('create', { kind: 'drop' });
    expect((await h.json<ErrorBody>('/api/v1/diffusion', diffusion)).status).toBe(502);
    h.fake.fail('create', { kind: 'garbage' });
    const garbage = await h.json<ErrorBody>('/api/v1/diffusion', diffusion);
    expect(garbage.status).toBe(502);
    expect(garbage.body.message).toMatch(/unreadable/);
    h.fake.fail('create', { kind: 'hang' });
    const slow = await h.json<ErrorBody>('/api/v1/diffusion', diffusion);
    expect(slow.status).toBe(504);
    expect(h.fake.calls.create).toBe(4);
    expect(JSON.stringify(slow.body)).not.toMatch(/at .*\.ts|Error:/);
  });

  it("reports a refused server key as the server's problem, not the browser's", async () => {
    h.fake.fail('create', { kind: 'status', status: 401, message: 'API key verification failed' });
    const { status, body } = await h.json<ErrorBody>('/api/v1/diffusion', diffusion);
    expect(status).toBe(502);
    expect(body.message).toMatch(/API_KEY/);
  });
});

describe('Get Task', () => {
  it('follows a task to completion and then answers with our own copies of the results', async () => {
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    const done = await eventually(async () => {
      const { body } = await h.json<Task>(`/api/v1/job/${created.job_id}`);
      return body.status === 'completed' ? body : undefined;
    });
    expect(done.output.image_urls).toHaveLength(4);
    for (const url of done.output.image_urls!)
      expect(url).toMatch(/^\/files\/results\/[0-9a-f]{32}\/image-\d\.png$/);
    expect(done.output.image_url).toMatch(/grid\.png$/);
    const stored = h.proxy.store.get(created.job_id)!;
    expect((stored.upstreamOutput!.image_urls as string[])[0]).toContain(h.fake.url);

    const file = await h.request(done.output.image_urls![0]!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(50);

    // Terminal: answered from the store, the upstream is not asked again.
    const reads = h.fake.calls.job;
    await h.json(`/api/v1/job/${created.job_id}`);
    await h.json(`/api/v1/job/${created.job_id}`);
    expect(h.fake.calls.job).toBe(reads);
  });

  it('asks the upstream once however many browsers ask at the same time', async () => {
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    await new Promise((resolve) => setTimeout(resolve, 320)); // past the freshness window of the create
    const before = h.fake.calls.job;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => h.json<Task>(`/api/v1/job/${created.job_id}`)),
    );
    expect(answers.every((a) => a.status === 200 && a.body.job_id === created.job_id)).toBe(true);
    expect(h.fake.calls.job - before).toBe(1);
  });

  it('retries reads through 5xx, dropped connections and garbage, and waits for Retry-After on 429', async () => {
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    await new Promise((resolve) => setTimeout(resolve, 300));
    h.fake.fail('job', { kind: 'status', status: 500 }, { kind: 'drop' }, { kind: 'garbage' });
    const read = await h.proxy.upstream.getTask(created.job_id);
    expect(read.status).toBe('completed');
    expect(h.fake.calls.job).toBe(4);

    h.fake.fail('job', { kind: 'status', status: 429, retryAfter: 1 });
    const started = Date.now();
    expect((await h.proxy.upstream.getTask(created.job_id)).job_id).toBe(created.job_id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('answers the last known state of a task when the upstream stays down', async () => {
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    await new Promise((resolve) => setTimeout(resolve, 320));
    h.fake.fail('job', ...Array.from({ length: 4 }, () => ({ kind: 'status', status: 503 }) as const));
    const { status, body } = await h.json<Task>(`/api/v1/job/${created.job_id}`);
    expect(status).toBe(200);
    expect(body.status).toBe('pending');
  });

  it('does not keep a browser waiting on a slow upstream: the read finishes in the background', async () => {
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    await new Promise((resolve) => setTimeout(resolve, 320));
    h.fake.fail('job', { kind: 'hang' });
    const started = Date.now();
    const { status, body } = await h.json<Task>(`/api/v1/job/${created.job_id}`);
    expect(status).toBe(200);
    expect(body.status).toBe('pending');
    expect(Date.now() - started).toBeLessThan(900);
    // The hung read times out (1 s here), is retried, and the task moves on without anyone asking.
    await eventually(() => (h.proxy.store.get(created.job_id)!.status === 'completed' ? true : undefined));
  });

  it('passes an unknown job through to the upstream answer', async () => {
    const { status, body } = await h.json<ErrorBody>('/api/v1/job/6f1c2a3e-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(body.message).toBe('Job not found');
  });

  it('tries the copy again after a passing fault, and shows completed only with our copies', async () => {
    h.fake.fail('output', { kind: 'status', status: 500 }, { kind: 'drop' });
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    const done = await eventually(async () => {
      const { body } = await h.json<Task>(`/api/v1/job/${created.job_id}`);
      return body.status === 'completed' ? body : undefined;
    });
    expect(done.output.image_urls![0]).toMatch(/^\/files\/results\//);
  });

  it('keeps upstream URLs when the copy keeps failing, so the result still shows', async () => {
    h.fake.fail('output', ...Array.from({ length: 30 }, () => ({ kind: 'status', status: 500 }) as const));
    const created = (await h.json<Task>('/api/v1/diffusion', diffusion)).body;
    const done = await eventually(async () => {
      const { body } = await h.json<Task>(`/api/v1/job/${created.job_id}`);
      return body.status === 'completed' ? body : undefined;
    });
    expect(done.output.image_urls![0]).toContain(h.fake.url);
    expect(h.logLines.some((line) => line.includes('keeping the upstream URLs'))).toBe(true);
  });
});

describe('balance', () => {
  it('is forwarded, with retries on upstream trouble', async () => {
    h.fake.fail('balance', { kind: 'status', status: 502 });
    const { status, body } = await h.json<{ data: { available_points: number } }>('/api/account/balance');
    expect(status).toBe(200);
    expect(body.data.available_points).toBe(9000);
  });
});
