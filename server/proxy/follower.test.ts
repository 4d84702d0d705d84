import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '../../src/contract/task';
import { Follower } from './follower';
import { eventually, startHarness, type Harness } from './testing/harness';

let h: Harness;
afterEach(() => h?.close());

describe('the follower', () => {
  it('backs off as a task ages, within its bounds, and further after failures', () => {
    const follower = new Follower({ minDelayMs: 1000, maxDelayMs: 20_000 } as never);
    expect(follower.delayFor(0, 0)).toBe(1000);
    expect(follower.delayFor(60_000, 0)).toBe(6000);
    expect(follower.delayFor(3_600_000, 0)).toBe(20_000);
    expect(follower.delayFor(0, 2)).toBe(4000);
    expect(follower.delayFor(0, 50)).toBe(20_000);
  });

  it('moves unfinished tasks to their end with nobody asking, and keeps going through upstream faults', async () => {
    h = await startHarness({
      follower: { minDelayMs: 50, maxDelayMs: 200 },
      fake: { completedAfterMs: 300 },
    });
    h.proxy.follower.start();
    const ids: string[] = [];
    for (const text of ['a', 'b']) ids.push((await h.json<Task>('/api/v1/diffusion', { text })).body.job_id);
    h.fake.fail('job', ...Array.from({ length: 6 }, () => ({ kind: 'status', status: 500 }) as const));
    await eventually(
      () => (ids.every((id) => h.proxy.store.get(id)!.status === 'completed') ? true : undefined),
      10_000,
    );
    expect(h.proxy.store.openTasks()).toEqual([]);
    // Finished tasks are not read again.
    const reads = h.fake.calls.job;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.fake.calls.job).toBe(reads);
  });

  it('holds all background reads while the upstream asks to wait (429 + Retry-After)', async () => {
    h = await startHarness({
      follower: { minDelayMs: 20, maxDelayMs: 50 },
      fake: { completedAfterMs: 60_000 },
    });
    await h.json<Task>('/api/v1/diffusion', { text: 'patience' });
    h.fake.fail('job', { kind: 'status', status: 429, retryAfter: 30 });
    h.proxy.follower.start();
    await eventually(() => (h.fake.calls.job === 1 ? true : undefined));
    expect(h.proxy.upstream.pausedUntil).toBeGreaterThan(Date.now() + 25_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(h.fake.calls.job).toBe(1);
  });

  it('gives up on a task the upstream keeps saying it does not know, marking it failed', async () => {
    h = await startHarness({
      follower: { minDelayMs: 10, maxDelayMs: 10, giveUpAfterNotFound: 3, giveUpAfterMs: 0 },
      fake: { completedAfterMs: 60_000 },
    });
    const task = (await h.json<Task>('/api/v1/diffusion', { text: 'ghost' })).body;
    h.fake.fail(
      'job',
      ...Array.from(
        { length: 3 },
        () => ({ kind: 'status', status: 404, message: 'Job not found' }) as const,
      ),
    );
    h.proxy.follower.start();
    const failed = await eventually(() => {
      const stored = h.proxy.store.get(task.job_id)!;
      return stored.status === 'failed' ? stored : undefined;
    });
    expect(failed.task.error.message).toMatch(/no longer knows/);
    expect(failed.request).toEqual({ text: 'ghost' });
  });

  it('never moves a task backwards when the upstream answers an older state', async () => {
    h = await startHarness({ fake: { processingAfterMs: 0, completedAfterMs: 60_000 } });
    const task = (await h.json<Task>('/api/v1/diffusion', { text: 'x' })).body;
    await h.proxy.tracker.refresh(task.job_id);
    expect(h.proxy.store.get(task.job_id)!.status).toBe('processing');
    const older = { ...h.fake.job(task.job_id)!, status: 'pending' as const };
    expect(h.proxy.store.advance(task.job_id, older)).toBe(false);
    expect(h.proxy.store.get(task.job_id)!.status).toBe('processing');
  });
});
