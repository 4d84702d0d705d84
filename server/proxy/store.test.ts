import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FROZEN_POINTS } from '../../src/contract/points';
import type { Task, TaskStatus } from '../../src/contract/task';
import { Store } from './store';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proxy-store-'));
  store = new Store(join(dir, 'studio.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
function task(
  status: TaskStatus = 'pending',
  jobId = `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
): Task {
  return {
    job_id: jobId,
    model: 'm',
    task_type: 'diffusion',
    status,
    config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: { image_url: '', image_urls: null, seed: '' },
    meta: {
      created_at: '',
      started_at: '',
      ended_at: '',
      usage: { type: 'point', frozen: FROZEN_POINTS.diffusion, consume: 0 },
    },
    detail: null,
    logs: [],
    error: { code: 0, raw_message: '', message: '', detail: null },
  };
}

const insert = (t: Task, request: Record<string, unknown> = { text: 'x' }) =>
  store.insert({ operation: 'diffusion', request, task: t, callbackToken: null, userCallback: null });

describe('the store', () => {
  it('keeps one row per job, whatever is inserted twice', () => {
    const t = task();
    insert(t, { text: 'first' });
    insert({ ...t, status: 'processing' }, { text: 'second' });
    expect(store.count()).toBe(1);
    expect(store.get(t.job_id)!.prompt).toBe('first');
  });

  it('moves a task forward only: stale states and changes after the end are ignored', () => {
    const t = task();
    insert(t);
    expect(store.advance(t.job_id, { ...t, status: 'staged' })).toBe(true);
    expect(store.advance(t.job_id, { ...t, status: 'pending' })).toBe(false);
    expect(store.advance(t.job_id, { ...t, status: 'processing' })).toBe(true);
    expect(store.advance(t.job_id, { ...t, status: 'processing' })).toBe(false); // nothing new
    expect(store.advance(t.job_id, { ...t, status: 'failed' })).toBe(true);
    expect(store.advance(t.job_id, { ...t, status: 'completed' })).toBe(false);
    expect(store.get(t.job_id)!.status).toBe('failed');
    expect(store.openTasks()).toEqual([]);
  });

  it('claims the user callback notification once per end state', () => {
    const t = task();
    store.insert({
      operation: 'diffusion',
      request: { text: 'x' },
      task: t,
      callbackToken: 'tok',
      userCallback: 'https://hook.example/',
    });
    expect(store.jobIdForCallbackToken('tok')).toBe(t.job_id);
    expect(store.jobIdForCallbackToken('other')).toBeUndefined();
    expect(store.claimUserNotification(t.job_id, 'completed')).toBe('https://hook.example/');
    expect(store.claimUserNotification(t.job_id, 'completed')).toBeNull();
  });

  it('survives a reopen with everything in it (WAL on disk)', () => {
    const t = task();
    insert(t, { text: 'persisted' });
    store.setFlags(t.job_id, { favourite: true });
    store.close();
    store = new Store(join(dir, 'studio.sqlite'));
    expect(store.get(t.job_id)).toMatchObject({ prompt: 'persisted', favourite: true });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('pages without gaps or repeats while new tasks arrive', () => {
    for (let i = 0; i < 7; i++) insert(task());
    const first = store.list({ limit: 3 });
    insert(task()); // arrives between pages: newest, so on no later page
    const seen = [...first.items.map((t) => t.jobId)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = store.list({ limit: 3, cursor });
      seen.push(...page.items.map((t) => t.jobId));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});
