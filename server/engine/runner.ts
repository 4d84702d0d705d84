import type { Logger } from 'pino';
import type { Task } from '../../src/contract/task';
import { asksToFail, RENDER_FAILURE, TRIGGERED_FAILURE } from './failure';
import { createRandom } from './render/prng';
import { renderTask } from './render/run';
import type { EngineStore, StoredTask } from './store';
import type { TaskFiles } from './plan';

// The task life cycle: pending → (staged while MAX_RUNNING tasks run) → processing → completed |
// failed. A task takes at least its simulated duration (images 3-6 s, videos 10-15 s, times
// timeScale) and at least as long as the real rendering.

export const MAX_RUNNING = 6;

export interface RunnerOptions {
  store: EngineStore;
  dataDir: string;
  timeScale: number;
  logger: Logger;
  /** Called with the final task (completed or failed), inside nothing: the runner has stored it. */
  finished: (task: Task) => void;
  /** The callback record to store with the final task, if the task asked for one. */
  callbackFor: (task: Task) => { url: string; payload: string } | null;
}

export class TaskRunner {
  private readonly running = new Map<string, AbortController>();
  private readonly staged: string[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly work = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: RunnerOptions) {}

  /** A new task waits in `pending` for a moment, as on the real service, then is admitted. */
  admitLater(jobId: string) {
    this.after(500 * this.options.timeScale, () => this.admit(jobId));
  }

  /** After a restart: tasks that were processing start again first, the others queue behind them. */
  resume(tasks: StoredTask[]) {
    for (const stored of tasks) this.admit(stored.jobId);
  }

  get runningCount() {
    return this.running.size;
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.running.values()) controller.abort();
    await Promise.allSettled([...this.work]);
  }

  private admit(jobId: string) {
    if (this.closed) return;
    if (this.running.size < MAX_RUNNING) return this.start(jobId);
    const stored = this.options.store.get(jobId);
    if (!stored) return;
    if (stored.task.status !== 'staged') {
      this.options.store.update(jobId, {
        ...stored.task,
        status: 'staged',
        meta: withCreatedAt(stored.task.meta),
      });
    }
    this.staged.push(jobId);
  }

  private start(jobId: string) {
    const stored = this.options.store.get(jobId);
    if (!stored) return;
    const now = new Date().toISOString();
    const task: Task = {
      ...stored.task,
      status: 'processing',
      meta: { ...withCreatedAt(stored.task.meta), started_at: now },
    };
    this.options.store.update(jobId, task);
    const controller = new AbortController();
    this.running.set(jobId, controller);
    const done: Promise<void> = this.run({ ...stored, task }, controller.signal)
      .catch((error: unknown) => this.options.logger.error({ err: error, jobId }, 'engine task crashed'))
      .finally(() => {
        this.running.delete(jobId);
        this.work.delete(done);
        this.next();
      });
    this.work.add(done);
  }

  private next() {
    while (!this.closed && this.running.size < MAX_RUNNING && this.staged.length > 0)
      this.start(this.staged.shift()!);
  }

  private async run(stored: StoredTask, signal: AbortSignal) {
    const began = Date.now();
    const random = createRandom(stored.seed);
    const simulated =
      (stored.plan.kind === 'video' ? random.range(10_000, 15_000) : random.range(3_000, 6_000)) *
      this.options.timeScale;
    if (asksToFail(stored.prompt)) {
      await this.sleep(simulated / 2, signal);
      if (signal.aborted) return;
      return this.fail(stored.task, { ...TRIGGERED_FAILURE });
    }
    let files: TaskFiles;
    try {
      files = await renderTask({
        jobId: stored.jobId,
        plan: stored.plan,
        seed: stored.seed,
        token: stored.token,
        dataDir: this.options.dataDir,
        signal,
      });
    } catch (error) {
      // Closing the engine aborts renders: the task stays `processing` and resumes on the next start.
      if (signal.aborted) return;
      this.options.logger.error({ err: error, jobId: stored.jobId }, 'engine render failed');
      return this.fail(stored.task, { ...RENDER_FAILURE, raw_message: '' });
    }
    await this.sleep(simulated - (Date.now() - began), signal);
    if (signal.aborted) return;
    this.complete(stored, files);
  }

  private complete(stored: StoredTask, files: TaskFiles) {
    const url = (path: string) => `/files/${path}`;
    const output: Task['output'] = files.videos
      ? { ...stored.task.output, video_urls: files.videos.map(url), seed: String(stored.seed) }
      : {
          ...stored.task.output,
          image_url: url(files.grid!),
          image_urls: files.images.map(url),
          seed: String(stored.seed),
        };
    const task: Task = {
      ...stored.task,
      status: 'completed',
      output,
      meta: {
        ...stored.task.meta,
        ended_at: new Date().toISOString(),
        usage: { ...stored.task.meta.usage, consume: stored.task.meta.usage.frozen },
      },
    };
    this.options.store.finish(stored.jobId, task, files, this.options.callbackFor(task), false);
    this.options.finished(task);
  }

  private fail(current: Task, error: { code: number; message: string; raw_message: string }) {
    const task: Task = {
      ...current,
      status: 'failed',
      error: { ...error, detail: null },
      meta: {
        ...current.meta,
        ended_at: new Date().toISOString(),
        usage: { ...current.meta.usage, consume: 0 },
      },
    };
    this.options.store.finish(current.job_id, task, null, this.options.callbackFor(task), true);
    this.options.finished(task);
  }

  private after(ms: number, fn: () => void) {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        fn();
      },
      Math.max(0, ms),
    );
    this.timers.add(timer);
  }

  private sleep(ms: number, signal: AbortSignal) {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
}

/** Spec 2.4 leaves created_at empty at creation for all but text-to-image; it is known once queued. */
function withCreatedAt(meta: Task['meta']): Task['meta'] {
  return meta.created_at ? meta : { ...meta, created_at: new Date().toISOString() };
}
