import type pino from 'pino';
import { Failure } from './failure';
import type { Store } from './store';
import type { TaskTracker } from './tracker';
import type { Upstream } from './upstream';

// Keeps unfinished tasks moving without anyone watching: reads each open task upstream, more rarely
// as it ages (minDelay → maxDelay), with no cap on how long it follows. Its list comes from the store,
// so after a restart it picks up every task that was still running.

export interface FollowerOptions {
  store: Store;
  tracker: TaskTracker;
  upstream: Upstream;
  logger: pino.Logger;
  /** First read delay for a young task (default 1 s). */
  minDelayMs?: number;
  /** Longest delay between reads of an old task (default 20 s). */
  maxDelayMs?: number;
  /** Reads at once (default 4). */
  concurrency?: number;
  /**
   * A task the upstream keeps answering 404 for (its data lost, or a job from another account) is
   * marked failed after this many 404s in a row once it is at least `giveUpAfterMs` old (defaults 10
   * and 10 minutes), rather than being read for ever.
   */
  giveUpAfterNotFound?: number;
  giveUpAfterMs?: number;
}

export class Follower {
  private readonly schedule = new Map<string, { dueAt: number; failures: number; notFound: number }>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(private readonly options: FollowerOptions) {
    this.minDelayMs = options.minDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 20_000;
  }

  start() {
    this.stopped = false;
    this.plan(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** The wait before the next read of a task of this age: a tenth of its age, within the bounds. */
  delayFor(ageMs: number, failures: number): number {
    const base = Math.min(this.maxDelayMs, Math.max(this.minDelayMs, ageMs / 10));
    return Math.min(this.maxDelayMs, base * 2 ** Math.min(failures, 5));
  }

  private plan(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'the follower stumbled; going on'),
        )
        .finally(() => this.plan(Math.min(250, this.minDelayMs)));
    }, ms);
    this.timer.unref();
  }

  private async tick() {
    const { store, tracker, upstream, logger } = this.options;
    const now = Date.now();
    if (now < upstream.pausedUntil) return;
    const open = store.openTasks();
    const openIds = new Set(open.map((t) => t.jobId));
    for (const jobId of this.schedule.keys()) if (!openIds.has(jobId)) this.schedule.delete(jobId);
    const due = open.filter((t) => (this.schedule.get(t.jobId)?.dueAt ?? 0) <= now);
    const concurrency = this.options.concurrency ?? 4;
    for (let i = 0; i < due.length && !this.stopped; i += concurrency) {
      await Promise.all(
        due.slice(i, i + concurrency).map(async ({ jobId, createdAt }) => {
          const entry = this.schedule.get(jobId) ?? { dueAt: 0, failures: 0, notFound: 0 };
          const age = Date.now() - Date.parse(createdAt);
          try {
            await tracker.refreshUnlessFresh(jobId);
            entry.failures = 0;
            entry.notFound = 0;
          } catch (error) {
            entry.failures++;
            entry.notFound = error instanceof Failure && error.status === 404 ? entry.notFound + 1 : 0;
            if (
              entry.notFound >= (this.options.giveUpAfterNotFound ?? 10) &&
              age >= (this.options.giveUpAfterMs ?? 10 * 60_000)
            ) {
              tracker.giveUp(jobId, 'The generation service no longer knows this job');
              return;
            }
            logger.warn(
              { jobId, err: error, failures: entry.failures },
              'following a task failed; backing off',
            );
          }
          entry.dueAt = Date.now() + this.delayFor(age, entry.failures);
          this.schedule.set(jobId, entry);
        }),
      );
    }
  }
}
