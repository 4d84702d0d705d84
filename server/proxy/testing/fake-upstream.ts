import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import sharp from 'sharp';
import { errorBody } from '../../../src/contract/errors';
import { OPERATIONS, isOperationPath } from '../../../src/contract/operations';
import { FROZEN_POINTS } from '../../../src/contract/points';
import type { Task, TaskStatus } from '../../../src/contract/task';

// A stand-in for the generation service in the proxy's tests: real HTTP on 127.0.0.1, tasks that move
// pending → processing → completed on a clock, real PNG outputs, and faults on demand (5xx, 429 with
// Retry-After, hangs, dropped connections, garbage bodies). It is not the engine: it exists to fail.

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: number; message?: string }
  | { kind: 'drop' }
  | { kind: 'hang' }
  | { kind: 'garbage' };

export type FaultRoute = 'create' | 'job' | 'balance' | 'output';

export interface FakeUpstreamOptions {
  apiKey: string;
  /** Time from creation to processing and to the end (defaults 50 and 200 ms). */
  processingAfterMs?: number;
  completedAfterMs?: number;
}

interface FakeJob {
  task: Task;
  createdAt: number;
  callback?: string;
  failed: boolean;
  callbackSent: boolean;
}

export interface FakeUpstream {
  url: string;
  calls: Record<FaultRoute, number>;
  /** Per job id, Get Task calls received. */
  jobReads: Map<string, number>;
  /** Headers and bodies of every create received. */
  creates: { headers: Record<string, string>; body: Record<string, unknown> }[];
  /** Queues faults for the next requests on a route, in order. */
  fail(route: FaultRoute, ...faults: Fault[]): void;
  /** Sends a job's callback now (payload status as given), as a real service might, late or twice. */
  sendCallback(jobId: string, status?: TaskStatus): Promise<number>;
  job(jobId: string): Task | undefined;
  close(): Promise<void>;
}

export async function startFakeUpstream(options: FakeUpstreamOptions): Promise<FakeUpstream> {
  const processingAfter = options.processingAfterMs ?? 50;
  const completedAfter = options.completedAfterMs ?? 200;
  const jobs = new Map<string, FakeJob>();
  const faults: Record<FaultRoute, Fault[]> = { create: [], job: [], balance: [], output: [] };
  const calls: Record<FaultRoute, number> = { create: 0, job: 0, balance: 0, output: 0 };
  const jobReads = new Map<string, number>();
  const creates: FakeUpstream['creates'] = [];
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const hanging = new Set<() => void>();
  let origin = '';

  /** Applies a queued fault: a Response, 'drop' (socket destroyed) or undefined (no fault). */
  async function injected(c: Context, route: FaultRoute): Promise<Response | undefined> {
    calls[route]++;
    const fault = faults[route].shift();
    if (!fault) return undefined;
    switch (fault.kind) {
      case 'status':
        return c.json(
          errorBody(fault.status, fault.message ?? `fake failure ${fault.status}`),
          fault.status as 500,
          fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {},
        );
      case 'garbage':
        return c.body('{"job_id": "not even cl', 200, { 'content-type': 'application/json' });
      case 'drop': {
        const incoming = (c.env as { incoming: { socket: { destroy(): void } } }).incoming;
        incoming.socket.destroy();
        return new Response(null);
      }
      case 'hang':
        await new Promise<void>((resolve) => hanging.add(resolve));
        return new Response(null, { status: 599 });
    }
  }

  function statusAt(job: FakeJob, now: number): TaskStatus {
    const age = now - job.createdAt;
    if (age >= completedAfter) return job.failed ? 'failed' : 'completed';
    if (age >= processingAfter) return 'processing';
    return 'pending';
  }

  function current(job: FakeJob): Task {
    const status = statusAt(job, Date.now());
    const task = structuredClone(job.task);
    task.status = status;
    if (status === 'completed') {
      const base = `${origin}/out/${task.job_id}`;
      if (task.task_type === 'video_diffusion') task.output.video_urls = [`${base}/0.png`];
      else {
        task.output.image_urls = [0, 1, 2, 3].map((i) => `${base}/${i}.png`);
        task.output.image_url = `${base}/grid.png`;
      }
      task.meta.usage.consume = task.meta.usage.frozen;
    }
    if (status === 'failed')
      task.error = {
        code: 10001,
        message: 'The prompt could not be rendered',
        raw_message: '',
        detail: null,
      };
    return task;
  }

  const app = new Hono();
  app.use('/api/*', async (c, next) => {
    if (c.req.header('x-api-key') !== options.apiKey)
      return c.json(errorBody(401, 'API key verification failed'), 401);
    await next();
  });

  app.post('/api/v1/:operation', async (c) => {
    const fault = await injected(c, 'create');
    if (fault) return fault;
    const operation = c.req.param('operation');
    if (!isOperationPath(operation)) return c.json(errorBody(404, 'Not found'), 404);
    const body = (await c.req.json()) as Record<string, unknown>;
    creates.push({ headers: Object.fromEntries(c.req.raw.headers), body });
    const parsed = OPERATIONS[operation].body.safeParse(body);
    if (!parsed.success) return c.json(errorBody(400, 'Invalid request parameters'), 400);
    const taskType = OPERATIONS[operation].taskType;
    const text = JSON.stringify(body);
    if (text.includes('forbidden')) return c.json(errorBody(403, 'Sensitive content detected'), 403);
    const jobId = randomUUID();
    const task: Task = {
      job_id: jobId,
      model: 'fake',
      task_type: taskType,
      status: 'pending',
      config: {
        service_mode: 'public',
        webhook_config: { endpoint: typeof body.callback === 'string' ? body.callback : '', secret: '' },
      },
      input: null,
      output:
        taskType === 'video_diffusion'
          ? { video_urls: null, seed: '' }
          : { image_url: '', image_urls: null, seed: '' },
      meta: {
        created_at: new Date().toISOString(),
        started_at: '',
        ended_at: '',
        usage: { type: 'point', frozen: FROZEN_POINTS[taskType], consume: 0 },
      },
      detail: null,
      logs: [],
      error: { code: 0, raw_message: '', message: '', detail: null },
    };
    const job: FakeJob = {
      task,
      createdAt: Date.now(),
      callback: task.config.webhook_config.endpoint || undefined,
      failed: text.includes('please fail'),
      callbackSent: false,
    };
    jobs.set(jobId, job);
    if (job.callback) {
      setTimeout(() => void fake.sendCallback(jobId).catch(() => undefined), completedAfter + 5).unref();
    }
    return c.json(task);
  });

  app.get('/api/v1/job/:jobId', async (c) => {
    const fault = await injected(c, 'job');
    if (fault) return fault;
    const jobId = c.req.param('jobId');
    jobReads.set(jobId, (jobReads.get(jobId) ?? 0) + 1);
    const job = jobs.get(jobId);
    if (!job) return c.json(errorBody(404, 'Job not found'), 404);
    return c.json(current(job));
  });

  app.get('/api/account/balance', async (c) => {
    const fault = await injected(c, 'balance');
    if (fault) return fault;
    return c.json({ code: 200, message: 'success', data: { available_points: 9000 } });
  });

  app.get('/out/:jobId/:file', async (c) => {
    const fault = await injected(c, 'output');
    if (fault) return fault;
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png' });
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeUpstream = {
    url: origin,
    calls,
    jobReads,
    creates,
    fail(route, ...more) {
      faults[route].push(...more);
    },
    async sendCallback(jobId, status) {
      const job = jobs.get(jobId);
      if (!job?.callback) throw new Error(`no callback for ${jobId}`);
      const data = current(job);
      if (status) data.status = status;
      const response = await fetch(job.callback, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ timestamp: Date.now(), data }),
      });
      return response.status;
    },
    job: (jobId) => {
      const job = jobs.get(jobId);
      return job && current(job);
    },
    close() {
      for (const release of hanging) release();
      return new Promise((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
  return fake;
}
