import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StudioTask } from '../contract/studio';
import type { Task } from '../contract/task';
import { taskKeys } from './keys';
import { taskListQuerySchema } from '../contract/studio';
import { findListed, insertCreated, patchListed, taskListSearch } from './studio-tasks';

describe('taskListSearch', () => {
  it('leaves empty filters out', () => {
    expect(taskListSearch({})).toBe('');
    expect(taskListSearch({ q: '', type: undefined })).toBe('');
  });

  it('writes a query the proxy parses back to the same filters', () => {
    const search = taskListSearch(
      { limit: 100, type: 'remix,pan', status: 'failed', favourite: 'true', q: 'a fox & co' },
      'c1',
    );
    const parsed = taskListQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
    expect(parsed).toMatchObject({
      limit: 100,
      type: ['remix', 'pan'],
      status: ['failed'],
      favourite: true,
      q: 'a fox & co',
      cursor: 'c1',
    });
  });
});

function task(jobId: string, status: Task['status'] = 'pending'): Task {
  return {
    job_id: jobId,
    model: 'midjourney',
    task_type: 'variation',
    status,
    config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: { image_url: '', image_urls: null, seed: '' },
    meta: { created_at: '', started_at: '', ended_at: '', usage: { type: 'point', frozen: 120, consume: 0 } },
    detail: null,
    logs: [],
    error: { code: 0, raw_message: '', message: '', detail: null },
  };
}

function seeded() {
  const client = new QueryClient();
  const page = { items: [] as StudioTask[], nextCursor: null };
  client.setQueryData(taskKeys.list({ limit: 100 }), { pages: [page], pageParams: [undefined] });
  client.setQueryData(taskKeys.list({ limit: 100, status: 'failed' }), {
    pages: [page],
    pageParams: [undefined],
  });
  return client;
}

describe('the cache of task lists', () => {
  it('shows a created job at once in unfiltered lists only, with its lineage', () => {
    const client = seeded();
    insertCreated(client, task('job-1'), { jobId: 'parent-1', imageNo: 2, type: 0, remixPrompt: 'softer' });
    const listed = findListed(client, 'job-1');
    expect(listed).toMatchObject({
      prompt: 'softer',
      parentJobId: 'parent-1',
      parentImageNo: 2,
      status: 'pending',
    });
    const failedOnly = client.getQueryData<{ pages: { items: StudioTask[] }[] }>(
      taskKeys.list({ limit: 100, status: 'failed' }),
    );
    expect(failedOnly?.pages[0]?.items).toHaveLength(0);
    // Created twice (e.g. a retry of the same mutation result): still one card.
    insertCreated(client, task('job-1'), { text: 'x' });
    const all = client.getQueryData<{ pages: { items: StudioTask[] }[] }>(taskKeys.list({ limit: 100 }));
    expect(all?.pages[0]?.items).toHaveLength(1);
  });

  it('patches a job wherever it is listed (what a server-sent event does)', () => {
    const client = seeded();
    insertCreated(client, task('job-2'), { text: 'a fox' });
    const before = findListed(client, 'job-2')!;
    expect(patchListed(client, { ...before, status: 'completed', task: task('job-2', 'completed') })).toBe(
      true,
    );
    expect(findListed(client, 'job-2')?.status).toBe('completed');
    expect(client.getQueryData<StudioTask>(taskKeys.studio('job-2'))?.status).toBe('completed');
    expect(patchListed(client, { ...before, jobId: 'unknown' })).toBe(false);
  });
});
