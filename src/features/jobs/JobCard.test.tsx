import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioTask } from '../../contract/studio';
import type { Task } from '../../contract/task';
import { useStudioUi } from '../../lib/studio-ui';
import { JobCard } from './JobCard';

// A job card from the studio's record of a job. The network is answered in-process (browser code may
// not import node:http); the journeys in e2e/ run the same cards against the real server.

const JOB = '3f0c1b9e-8d2a-4f6b-9c3e-5a7d1e2b4c60';
const PARENT = '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const realFetch = globalThis.fetch;
let requests: { url: string; method: string; body: unknown }[] = [];

function task(overrides: Partial<Task> = {}): Task {
  return {
    job_id: JOB,
    model: 'midjourney',
    task_type: 'remix',
    status: 'completed',
    config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: { image_url: '', image_urls: [1, 2, 3, 4].map((n) => `/files/r${n}.png`), seed: '1' },
    meta: {
      created_at: '2026-11-20T10:00:00.000Z',
      started_at: '2026-11-20T10:00:01.000Z',
      ended_at: '2026-11-20T10:00:07.500Z',
      usage: { type: 'point', frozen: 120, consume: 120 },
    },
    detail: null,
    logs: [],
    error: { code: 0, raw_message: '', message: '', detail: null },
    ...overrides,
  };
}

function job(t: Task, extra: Partial<StudioTask> = {}): StudioTask {
  return {
    jobId: JOB,
    taskType: t.task_type,
    status: t.status,
    prompt: 'the same orchard in snow',
    request: { jobId: PARENT, imageNo: 1, remixPrompt: 'the same orchard in snow', mode: 1 },
    parentJobId: PARENT,
    parentImageNo: 1,
    favourite: false,
    hidden: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:07.500Z',
    task: t,
    upstreamOutput: null,
    childJobIds: [],
    ...extra,
  };
}

beforeEach(() => {
  requests = [];
  globalThis.fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    requests.push({ url: String(input), method: init?.method ?? 'GET', body });
    const created = task({ job_id: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', status: 'pending' });
    return new Response(JSON.stringify(created), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
});

afterEach(() => {
  globalThis.fetch = realFetch;
  useStudioUi.setState({ lightbox: null, operation: null });
});

function renderCard(value: StudioTask) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <JobCard job={value} />
    </QueryClientProvider>,
  );
}

describe('JobCard', () => {
  it('a finished job: an article with Image 1 to Image 4, its status, time taken and points', async () => {
    const user = userEvent.setup();
    renderCard(job(task()));
    const card = screen.getByRole('article', { name: 'Remix: the same orchard in snow' });
    for (const n of [1, 2, 3, 4])
      expect(within(card).getByRole('button', { name: `Image ${n}` })).toBeTruthy();
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(within(card).getByTestId('elapsed').textContent).toBe('7 s');
    expect(within(card).getByText('120 pts')).toBeTruthy();
    // A finished job is never polled.
    expect(requests).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Image 3' }));
    expect(useStudioUi.getState().lightbox).toEqual({ jobId: JOB, imageNo: 2 });
  });

  it('a failed job says why and Retry sends the very same request to the same operation', async () => {
    const user = userEvent.setup();
    const failed = task({
      status: 'failed',
      output: { image_url: '', image_urls: null, seed: '' },
      error: {
        code: 10001,
        message: 'Generation failed: the renderer ran out of memory',
        raw_message: '',
        detail: null,
      },
    });
    renderCard(job(failed));
    expect(screen.getByTestId('failure-reason').textContent).toBe(
      'The job failed: the renderer ran out of memory. Retry runs it again with the same inputs.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/v1/remix');
    expect(post.body).toEqual({
      jobId: PARENT,
      imageNo: 1,
      remixPrompt: 'the same orchard in snow',
      mode: 1,
    });
  });

  it('a running job polls Get Task until it ends', async () => {
    renderCard(
      job(task({ status: 'processing', output: { image_url: '', image_urls: null, seed: '' } }), {
        createdAt: new Date().toISOString(),
      }),
    );
    expect(screen.getByText('Processing')).toBeTruthy();
    await waitFor(() => expect(requests[0]?.url).toBe(`/api/v1/job/${JOB}`));
  });

  it('favourite is a toggle button that says whether it is on', async () => {
    const user = userEvent.setup();
    renderCard(job(task(), { favourite: true }));
    const star = screen.getByRole('button', { name: 'Favourite' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await user.click(star);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ favourite: false }),
    );
  });
});
