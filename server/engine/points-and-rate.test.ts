import { afterEach, describe, expect, it } from 'vitest';
import { FAILURE_TRIGGER } from './failure';
import { MAX_RUNNING } from './runner';
import { expectError, startTestEngine, type TestEngine } from './test-support';

// 402 when the points run out, 429 with Retry-After for rate and queue, and the staged state.

let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('points', () => {
  it('402 when the balance cannot cover the frozen amount; a failed task gives its points back', async () => {
    // Time scale 1: the failing task takes 2-3.5 s, long enough to see its points frozen first.
    engine = await startTestEngine({ points: 200, timeScale: 1 });
    const first = await engine.create('diffusion', { text: `one ${FAILURE_TRIGGER}` });
    expect(await engine.balance()).toBe(120); // frozen at creation
    await engine.create('diffusion', { text: 'two' });
    expect(await engine.balance()).toBe(40);
    const refused = await expectError(await engine.post('diffusion', { text: 'three' }), 402, /points/i);
    expect(refused.message).toContain('80');
    await expectError(
      await engine.post('video-diffusion', { prompt: 'http://127.0.0.1:9/x.png go --bs 1' }),
      402,
    );
    expect(await engine.balance()).toBe(40);
    expect((await engine.waitFor(first.job_id)).status).toBe('failed');
    expect(await engine.balance()).toBe(120); // refunded
    expect((await engine.post('diffusion', { text: 'three again' })).status).toBe(200);
  });
});

describe('rate and queue limits', () => {
  it('429 with Retry-After beyond the per-key rate', async () => {
    engine = await startTestEngine({ rateLimitPerMinute: 2 });
    expect((await engine.post('diffusion', { text: 'a' })).status).toBe(200);
    expect((await engine.post('diffusion', { text: 'b' })).status).toBe(200);
    const response = await engine.post('diffusion', { text: 'c' });
    await expectError(response, 429, /Rate limit/);
    expect(Number(response.headers.get('retry-after'))).toBe(30);
  });

  it('429 with Retry-After when the queue is full', async () => {
    // Time scale 20: a task waits 10 s in pending, so the queue stays full during the test.
    engine = await startTestEngine({ maxQueued: 2, timeScale: 20 });
    expect((await engine.post('diffusion', { text: 'a' })).status).toBe(200);
    expect((await engine.post('diffusion', { text: 'b' })).status).toBe(200);
    const before = await engine.balance();
    const response = await engine.post('diffusion', { text: 'c' });
    await expectError(response, 429, /Queue is full/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await engine.balance()).toBe(before);
  });

  it(`stages tasks while ${MAX_RUNNING} run, then runs them all to the end`, async () => {
    engine = await startTestEngine({ timeScale: 0.25 });
    const tasks = await Promise.all(
      Array.from({ length: MAX_RUNNING + 2 }, (_, i) => engine!.create('diffusion', { text: `queue ${i}` })),
    );
    const e = engine;
    const statuses = async () =>
      Promise.all(
        tasks.map(
          async (t) => (await e.waitFor(t.job_id, ['staged', 'processing', 'completed', 'failed'])).status,
        ),
      );
    let seen = await statuses();
    for (let i = 0; i < 100 && !seen.includes('staged'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await statuses();
    }
    expect(seen.filter((s) => s === 'processing')).toHaveLength(MAX_RUNNING);
    expect(seen.filter((s) => s === 'staged')).toHaveLength(2);
    const done = await Promise.all(tasks.map((t) => e.waitFor(t.job_id, ['completed', 'failed'], 30_000)));
    expect(done.every((t) => t.status === 'completed')).toBe(true);
    // A staged task starts after it was created, not before.
    for (const t of done)
      expect(Date.parse(t.meta.started_at)).toBeGreaterThanOrEqual(Date.parse(t.meta.created_at));
  });
});
