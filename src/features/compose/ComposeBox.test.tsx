import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ComposeBox } from './ComposeBox';

// The compose bar with the network answered in-process: each test queues the proxy's answers (status,
// body, headers) as real Response objects, so the studio's own request code, error parsing and 429 retry
// run unchanged. (Browser code may not import node:http; the journeys in e2e/ use the real server.)

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
const answers: Answer[] = [];
const received: { path: string; body: unknown }[] = [];
const realFetch = globalThis.fetch;

function task(jobId: string) {
  return {
    job_id: jobId,
    model: 'midjourney',
    task_type: 'diffusion',
    status: 'pending',
    config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: { image_url: '', image_urls: null, seed: '' },
    meta: {
      created_at: new Date().toISOString(),
      started_at: '0001-01-01T00:00:00Z',
      ended_at: '0001-01-01T00:00:00Z',
      usage: { type: 'point', frozen: 80, consume: 0 },
    },
    detail: null,
    logs: [],
    error: { code: 0, raw_message: '', message: '', detail: null },
  };
}

beforeAll(() => {
  globalThis.fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    received.push({ path: String(input), body });
    const answer = answers.shift() ?? {
      status: 500,
      body: { code: 500, message: 'no answer queued', raw_message: '', detail: null },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

beforeEach(() => {
  answers.length = 0;
  received.length = 0;
});

function renderCompose() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ComposeBox />
    </QueryClientProvider>,
  );
}

const errorBody = (code: number, message: string) => ({ code, message, raw_message: '', detail: null });

describe('flag builder', () => {
  it('shows typed flags as chips and writes chip edits back into the prompt', async () => {
    const user = userEvent.setup();
    renderCompose();
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'a fox --ar 16:9 --chaos 20');
    expect(screen.getByRole('textbox', { name: 'Aspect ratio' })).toHaveProperty('value', '16:9');
    const chaos = screen.getByRole('textbox', { name: 'Chaos' });
    await user.clear(chaos);
    await user.type(chaos, '35');
    expect(prompt).toHaveProperty('value', 'a fox --ar 16:9 --chaos 35');
    await user.click(screen.getByRole('button', { name: 'Remove Aspect ratio' }));
    expect(prompt).toHaveProperty('value', 'a fox --chaos 35');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add flag' }), 'tile');
    expect(prompt).toHaveProperty('value', 'a fox --chaos 35 --tile');
  });

  it('marks an out-of-range chip and refuses to send, with the reason', async () => {
    const user = userEvent.setup();
    renderCompose();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a fox --chaos 101');
    expect(screen.getByRole('textbox', { name: 'Chaos' }).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Check the flags: --chaos must be 0 to 100.')).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it('shows the cost before Generate and asks for a prompt when there is none', async () => {
    const user = userEvent.setup();
    renderCompose();
    expect(screen.getByTestId('compose-cost').textContent).toBe('80 points');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Describe the image first.')).toBeTruthy();
    expect(received).toHaveLength(0);
  });
});

describe('request errors in plain words', () => {
  it('sends the prompt and keeps it after Generate', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: task('5d1c7d2e-4b0a-4c6b-9a57-3f1e0c9b8a71') });
    renderCompose();
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'a fox --ar 4:5');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ path: '/api/v1/diffusion', body: { text: 'a fox --ar 4:5' } });
    expect(prompt).toHaveProperty('value', 'a fox --ar 4:5');
  });

  it.each([
    [401, 'API key verification failed', /refused the server's API key/],
    [402, 'insufficient points', /Not enough points/],
    [403, 'sensitive content', /prompt was refused/],
  ])('%i is explained and the prompt is kept', async (status, message, plain) => {
    const user = userEvent.setup();
    answers.push({ status, body: errorBody(status, message) });
    renderCompose();
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'a fox in the snow');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(plain);
    expect(prompt).toHaveProperty('value', 'a fox in the snow');
  });

  it('400 points at the field that is wrong', async () => {
    const user = userEvent.setup();
    answers.push({
      status: 400,
      body: {
        code: 400,
        message: 'Invalid request parameters: text must be at most 8192 characters',
        raw_message: '',
        detail: { fields: [{ field: 'text', message: 'must be at most 8192 characters' }] },
      },
    });
    renderCompose();
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'a fox');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Check the prompt: must be at most 8192 characters.')).toBeTruthy();
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
  });

  it('429 counts down from Retry-After, then sends the same request again by itself', async () => {
    const user = userEvent.setup();
    answers.push({ status: 429, body: errorBody(429, 'rate limited'), headers: { 'retry-after': '1' } });
    answers.push({ status: 200, body: task('6e2d8e3f-5c1b-4d7c-8b68-4a2f1d0c9b82') });
    renderCompose();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a fox');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findByRole('alert')).textContent).toMatch('retrying in 1 s');
    await waitFor(() => expect(received).toHaveLength(2), { timeout: 3000 });
    expect(received[1]).toEqual(received[0]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
