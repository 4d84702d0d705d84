import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/contract/errors';
import {
  studioTaskSchema,
  taskListSchema,
  uploadResultSchema,
  type StudioTask,
  type TaskList,
} from '../../src/contract/studio';
import type { Task } from '../../src/contract/task';
import { eventually, startHarness, type Harness } from './testing/harness';

// The routes the proxy adds for the studio: history, favourites, uploads, events and callbacks.

let h: Harness;
afterEach(() => h?.close());

async function create(text: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await h.json<Task>('/api/v1/diffusion', { text, ...extra });
  expect(status).toBe(200);
  return body;
}

describe('task history', () => {
  it('lists newest first, paged by cursor, filtered and searched', async () => {
    h = await startHarness({ fake: { completedAfterMs: 60_000 } });
    const ids: string[] = [];
    for (const text of ['red fox in snow', 'blue whale', 'red panda 50% off', 'green forest'])
      ids.push((await create(text)).job_id);
    const remix = (
      await h.json<Task>('/api/v1/remix', { jobId: ids[0], imageNo: 1, remixPrompt: 'red fox at night' })
    ).body;

    const first = await h.json<TaskList>('/api/studio/tasks?limit=2');
    expect(taskListSchema.parse(first.body).items.map((t) => t.jobId)).toEqual([remix.job_id, ids[3]]);
    const second = await h.json<TaskList>(`/api/studio/tasks?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((t) => t.jobId)).toEqual([ids[2], ids[1]]);
    const third = await h.json<TaskList>(`/api/studio/tasks?limit=2&cursor=${second.body.nextCursor}`);
    expect(third.body.items.map((t) => t.jobId)).toEqual([ids[0]]);
    expect(third.body.nextCursor).toBeNull();

    const search = await h.json<TaskList>('/api/studio/tasks?q=RED');
    expect(search.body.items.map((t) => t.prompt)).toEqual([
      'red fox at night',
      'red panda 50% off',
      'red fox in snow',
    ]);
    // LIKE wildcards are searched literally.
    expect((await h.json<TaskList>('/api/studio/tasks?q=50%25')).body.items).toHaveLength(1);
    expect((await h.json<TaskList>('/api/studio/tasks?q=%25')).body.items).toHaveLength(1);

    expect((await h.json<TaskList>('/api/studio/tasks?type=remix')).body.items.map((t) => t.jobId)).toEqual([
      remix.job_id,
    ]);
    expect((await h.json<TaskList>('/api/studio/tasks?type=remix,diffusion')).body.items).toHaveLength(5);
    expect((await h.json<TaskList>('/api/studio/tasks?status=completed')).body.items).toHaveLength(0);
    expect((await h.json<TaskList>('/api/studio/tasks?status=pending,processing')).body.items).toHaveLength(
      5,
    );
    expect(
      (await h.json<TaskList>(`/api/studio/tasks?parent=${ids[0]}`)).body.items.map((t) => t.jobId),
    ).toEqual([remix.job_id]);

    const parent = studioTaskSchema.parse((await h.json<StudioTask>(`/api/studio/tasks/${ids[0]}`)).body);
    expect(parent.childJobIds).toEqual([remix.job_id]);
    const child = (await h.json<StudioTask>(`/api/studio/tasks/${remix.job_id}`)).body;
    expect(child).toMatchObject({
      taskType: 'remix',
      parentJobId: ids[0],
      parentImageNo: 1,
      request: { jobId: ids[0], imageNo: 1, remixPrompt: 'red fox at night' },
    });
  });

  it('favourites and hides tasks', async () => {
    h = await startHarness({ fake: { completedAfterMs: 60_000 } });
    const a = await create('kept');
    const b = await create('hidden away');
    const fav = await h.json<StudioTask>(
      `/api/studio/tasks/${a.job_id}`,
      { favourite: true },
      { method: 'PATCH' },
    );
    expect(fav.status).toBe(200);
    expect(fav.body.favourite).toBe(true);
    await h.json(`/api/studio/tasks/${b.job_id}`, { hidden: true }, { method: 'PATCH' });

    expect((await h.json<TaskList>('/api/studio/tasks')).body.items.map((t) => t.jobId)).toEqual([a.job_id]);
    expect((await h.json<TaskList>('/api/studio/tasks?hidden=true')).body.items).toHaveLength(2);
    expect(
      (await h.json<TaskList>('/api/studio/tasks?favourite=true')).body.items.map((t) => t.jobId),
    ).toEqual([a.job_id]);
    expect(
      (await h.json<TaskList>('/api/studio/tasks?favourite=false&hidden=true')).body.items.map(
        (t) => t.jobId,
      ),
    ).toEqual([b.job_id]);
  });

  it('answers bad input and unknown tasks with the error body', async () => {
    h = await startHarness();
    const a = await create('x');
    const cases: [string, number][] = [
      ['/api/studio/tasks?limit=0', 400],
      ['/api/studio/tasks?type=imagine', 400],
      ['/api/studio/tasks?status=done', 400],
      ['/api/studio/tasks?favourite=yes', 400],
      ['/api/studio/tasks?cursor=bogus', 400],
      ['/api/studio/tasks/6f1c2a3e-0000-4000-8000-000000000000', 404],
    ];
    for (const [path, status] of cases) {
      const response = await h.json<ErrorBody>(path);
      expect(response.status, path).toBe(status);
      expect(response.body.code).toBe(status);
    }
    const badPatch = await h.json<ErrorBody>(
      `/api/studio/tasks/${a.job_id}`,
      { favourite: 'yes' },
      { method: 'PATCH' },
    );
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.message).toContain('favourite');
    expect((await h.json(`/api/studio/tasks/nope`, { favourite: true }, { method: 'PATCH' })).status).toBe(
      404,
    );
  });
});

describe('uploads', () => {
  const upload = (bytes: Uint8Array, name = 'photo.png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return h.request('/api/studio/uploads', { method: 'POST', body: form });
  };

  it('stores a JPG, PNG or WebP judged by content and answers an absolute URL', async () => {
    h = await startHarness();
    const image = sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0ffee' } });
    for (const [bytes, type] of [
      [await image.clone().png().toBuffer(), 'image/png'],
      [await image.clone().jpeg().toBuffer(), 'image/jpeg'],
      [await image.clone().webp().toBuffer(), 'image/webp'],
    ] as const) {
      const response = await upload(bytes, 'misleading-name.gif');
      expect(response.status).toBe(201);
      const result = uploadResultSchema.parse(await response.json());
      expect(result).toMatchObject({ contentType: type, width: 640, height: 480, bytes: bytes.byteLength });
      expect(result.url).toBe(`http://127.0.0.1:8080${result.path}`);
      const served = await h.request(result.path);
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('uses PUBLIC_URL for the URL when set', async () => {
    h = await startHarness({ publicUrl: 'https://studio.example.com' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const result = uploadResultSchema.parse(await (await upload(png)).json());
    expect(result.url).toMatch(/^https:\/\/studio\.example\.com\/files\/uploads\/[0-9a-f]{32}\.png$/);
  });

  it('refuses other content (415), files over 10 MB (413) and a missing file (400)', async () => {
    h = await startHarness();
    const notImage = await upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'evil.png');
    expect(notImage.status).toBe(415);
    expect(((await notImage.json()) as ErrorBody).code).toBe(415);
    const truncated = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(20),
    ]);
    expect((await upload(truncated)).status).toBe(415);
    const huge = await upload(new Uint8Array(10 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as ErrorBody).message).toMatch(/10 MB/);
    const form = new FormData();
    form.append('other', 'x');
    const missing = await h.request('/api/studio/uploads', { method: 'POST', body: form });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).message).toContain('file');
  });

  it('serves byte ranges (video seeking) and HEAD', async () => {
    h = await startHarness();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const result = uploadResultSchema.parse(await (await upload(png)).json());
    const part = await h.request(result.path, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${png.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
    const tail = await h.request(result.path, { headers: { range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(png.subarray(-4))).toBe(true);
    expect((await h.request(result.path, { headers: { range: `bytes=${png.byteLength}-` } })).status).toBe(
      416,
    );
    const head = await h.request(result.path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.byteLength));
  });

  it('serves only what is inside the files folder', async () => {
    h = await startHarness();
    for (const path of [
      '/files/../studio.sqlite',
      '/files/%2e%2e/studio.sqlite',
      '/files/uploads/nothing.png',
    ]) {
      const response = await h.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('events', () => {
  it('pushes every change of a task, the completed state only once the copies are in place', async () => {
    h = await startHarness({ freshnessMs: 0 });
    const response = await h.request('/api/studio/events');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const seen: StudioTask[] = [];
    let buffer = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (frame.includes('event: task') && data)
            seen.push(studioTaskSchema.parse(JSON.parse(data.slice(6))));
        }
      }
    })().catch(() => undefined);

    const task = await create('events please');
    await eventually(async () => {
      await h.json(`/api/v1/job/${task.job_id}`);
      return seen.some((t) => t.status === 'completed') || undefined;
    });
    await h.json(`/api/studio/tasks/${task.job_id}`, { favourite: true }, { method: 'PATCH' });
    await eventually(() => seen.find((t) => t.favourite));
    const statuses = seen.map((t) => t.status);
    expect(statuses[0]).toBe('pending');
    expect(statuses.filter((s) => s === 'completed').length).toBe(2); // the completion, then the favourite
    const completed = seen.find((t) => t.status === 'completed')!;
    expect(completed.task.output.image_urls![0]).toMatch(/^\/files\/results\//);
    await reader.cancel();
    await reading;
  });
});

describe('event stream limits', () => {
  it('allows a few dozen streams per client, then 429 until one closes', async () => {
    h = await startHarness({ keepAliveMs: 50 });
    const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
    for (let i = 0; i < 32; i++) {
      const response = await h.request('/api/studio/events');
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      readers.push(reader);
    }
    const refused = await h.request('/api/studio/events');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    await readers.pop()!.cancel();
    await eventually(async () => {
      const response = await h.request('/api/studio/events');
      if (response.status !== 200) return undefined;
      await response.body!.cancel();
      return true;
    });
    for (const reader of readers) await reader.cancel();
  });
});

describe('balance', () => {
  it('shares one upstream read per second among all studios, and reads afresh after a create', async () => {
    h = await startHarness();
    await Promise.all(Array.from({ length: 20 }, () => h.json('/api/account/balance')));
    expect(h.fake.calls.balance).toBe(1);
    await create('spend a little');
    await h.json('/api/account/balance');
    expect(h.fake.calls.balance).toBe(2);
  });
});

describe('callbacks (PUBLIC_URL)', () => {
  it('gives the upstream our own callback with a token, and keeps the user callback out of the request', async () => {
    h = await startHarness({ publicUrl: 'http://127.0.0.1:9', fake: { completedAfterMs: 60_000 } });
    const task = await create('with a callback', { callback: 'https://hooks.example.com/done' });
    const sent = h.fake.creates[0]!.body.callback as string;
    expect(sent).toMatch(/^http:\/\/127\.0\.0\.1:9\/api\/studio\/callbacks\/[\w-]{32}$/);
    expect(task.config.webhook_config.endpoint).toBe('https://hooks.example.com/done');
    const stored = h.proxy.store.get(task.job_id)!;
    expect(stored.request).toEqual({ text: 'with a callback' });
    expect(JSON.stringify(stored)).not.toContain(sent.split('/').pop());
  });

  it('treats a callback as a hint: re-reads the job, ignores duplicates and stale states, rejects unknown tokens', async () => {
    h = await startHarness({
      publicUrl: 'http://127.0.0.1:9',
      freshnessMs: 60_000,
      fake: { completedAfterMs: 150 },
    });
    const task = await create('hinted');
    const token = (h.fake.creates[0]!.body.callback as string).split('/').pop()!;
    const post = (t: string, body: unknown) =>
      h.json<{ accepted: boolean }>(`/api/studio/callbacks/${t}`, body);

    expect((await post('not-a-token', { data: {} })).status).toBe(404);
    // A stale hint (pending, as known) changes nothing and reads nothing.
    const stale = await post(token, { timestamp: 1, data: { ...task, status: 'pending' } });
    expect(stale.body.accepted).toBe(false);
    expect(h.fake.calls.job).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const hint = await post(token, { timestamp: 2, data: { ...task, status: 'completed' } });
    expect(hint.body.accepted).toBe(true);
    await h.proxy.tracker.settle();
    expect(h.fake.calls.job).toBe(1);
    expect(h.proxy.store.get(task.job_id)!.status).toBe('completed');

    const duplicate = await post(token, { timestamp: 3, data: { ...task, status: 'completed' } });
    expect(duplicate.body.accepted).toBe(false);
    // A garbage body is still only a hint, and the task is already terminal.
    expect((await post(token, 'not json at all')).status).toBe(200);
    await h.proxy.tracker.settle();
    expect(h.fake.calls.job).toBe(1);
  });

  it('ignores callbacks when no PUBLIC_URL was given (no token was ever handed out)', async () => {
    h = await startHarness();
    await create('x');
    expect(h.fake.creates[0]!.body.callback).toBeUndefined();
    expect((await h.json('/api/studio/callbacks/anything', {})).status).toBe(404);
  });

  it("notifies the user's own callback once when the task ends", async () => {
    const received: unknown[] = [];
    const { serve } = await import('@hono/node-server');
    const hook = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve(
        {
          fetch: async (req) => {
            received.push(await req.json());
            return new Response('ok');
          },
          hostname: '127.0.0.1',
          port: 0,
        },
        () => resolve(s),
      );
    });
    const port = (hook.address() as { port: number }).port;
    h = await startHarness({ publicUrl: 'http://127.0.0.1:9', freshnessMs: 0 });
    const task = await create('notify me', { callback: `http://127.0.0.1:${port}/hook` });
    await eventually(async () =>
      (await h.json<Task>(`/api/v1/job/${task.job_id}`)).body.status === 'completed' ? true : undefined,
    );
    await h.proxy.tracker.settle();
    await h.json(`/api/v1/job/${task.job_id}`);
    await h.proxy.tracker.settle();
    expect(received).toHaveLength(1);
    const payload = received[0] as { timestamp: number; data: Task };
    expect(payload.data.job_id).toBe(task.job_id);
    expect(payload.data.status).toBe('completed');
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });
});
