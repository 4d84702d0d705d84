import { describe, expect, it } from 'vitest';
import { isTerminal, taskSchema } from './task';
import { taskListQuerySchema } from './studio';
import { errorBody, errorBodySchema } from './errors';

const created = {
  job_id: '3f8a2c1e-9b7d-4e6f-8a5b-1c2d3e4f5a6b',
  model: 'midjourney',
  task_type: 'diffusion',
  status: 'pending',
  config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
  input: null,
  output: { image_url: '', image_urls: null, seed: '' },
  meta: {
    created_at: '2026-11-20T10:00:00Z',
    started_at: '0001-01-01T00:00:00Z',
    ended_at: '0001-01-01T00:00:00Z',
    usage: { type: 'point', frozen: 80, consume: 0 },
  },
  detail: null,
  logs: [],
  error: { code: 0, raw_message: '', message: '', detail: null },
};

describe('taskSchema', () => {
  it('reads a creation response and keeps unknown fields', () => {
    const parsed = taskSchema.parse({ ...created, extra: 1 });
    expect(parsed.status).toBe('pending');
    expect((parsed as Record<string, unknown>).extra).toBe(1);
  });

  it('reads a completed task with plain URL strings, staged status and available actions', () => {
    const done = {
      ...created,
      status: 'completed',
      output: {
        image_url: 'https://cdn.test/grid.png',
        image_urls: [
          'https://cdn.test/0.png',
          'https://cdn.test/1.png',
          'https://cdn.test/2.png',
          'https://cdn.test/3.png',
        ],
        seed: '123',
        available_actions: { upscale: [0, 1, 2, 3], reroll: true },
      },
    };
    expect(taskSchema.parse(done).output.image_urls).toHaveLength(4);
    expect(taskSchema.parse({ ...created, status: 'staged' }).status).toBe('staged');
    expect(taskSchema.safeParse({ ...created, status: 'queued' }).success).toBe(false);
  });

  it('knows the terminal states', () => {
    expect(
      ['pending', 'staged', 'processing', 'completed', 'failed'].map((s) => isTerminal(s as never)),
    ).toEqual([false, false, false, true, true]);
  });
});

describe('errorBody', () => {
  it('has the spec shape with code = status', () => {
    const body = errorBody(402, 'Insufficient points');
    expect(errorBodySchema.parse(body)).toEqual({
      code: 402,
      message: 'Insufficient points',
      raw_message: '',
      detail: null,
    });
  });
});

describe('taskListQuerySchema', () => {
  it('reads comma lists and booleans, and bounds the page size', () => {
    const q = taskListQuerySchema.parse({
      type: 'diffusion,pan',
      status: 'failed',
      favourite: 'true',
      limit: '20',
    });
    expect(q).toMatchObject({ type: ['diffusion', 'pan'], status: ['failed'], favourite: true, limit: 20 });
    expect(taskListQuerySchema.parse({}).limit).toBe(50);
    expect(taskListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(taskListQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(taskListQuerySchema.safeParse({ type: 'upscale' }).success).toBe(false);
  });
});
