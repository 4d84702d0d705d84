import { randomBytes } from 'node:crypto';
import type pino from 'pino';
import type { OperationPath } from '../../src/contract/operations';
import type { StudioTask } from '../../src/contract/studio';
import { isTerminal, taskStatusSchema, type Task } from '../../src/contract/task';
import type { TaskEvents } from './events';
import { Failure } from './failure';
import { mirrorOutputs, type MirrorOptions } from './mirror';
import { STATUS_RANK, type Store } from './store';
import type { Upstream } from './upstream';

// Keeps each task's stored state in step with the upstream: creates, single-flight reads, the
// "never backwards" rule, mirroring on completion, events to browsers and the user's own callback.

/** Tries at copying a completed task's results before its upstream URLs are kept instead. */
export const MIRROR_ATTEMPTS = 3;

export interface TrackerOptions {
  store: Store;
  upstream: Upstream;
  events: TaskEvents;
  logger: pino.Logger;
  mirror: MirrorOptions;
  /** How long a read of a job stays fresh enough to answer Get Task from the store (default 1000 ms). */
  freshnessMs?: number;
  /** How long Get Task waits for an upstream read before answering the stored state (default 500 ms). */
  readWaitMs?: number;
  /** With PUBLIC_URL: the callback URL the upstream is given for a token. */
  callbackUrl?: (token: string) => string;
  /** Timeout of one notification of a user's callback (default 10 s). */
  userCallbackTimeoutMs?: number;
}

export class TaskTracker {
  private readonly inflight = new Map<string, Promise<Task>>();
  private readonly lastRead = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly mirrorFailures = new Map<string, number>();
  private readonly freshnessMs: number;

  constructor(private readonly options: TrackerOptions) {
    this.freshnessMs = options.freshnessMs ?? 1000;
  }

  /** Creates a task upstream and records it before the answer goes back. Never retried. */
  async create(operation: OperationPath, body: Record<string, unknown>): Promise<Task> {
    const { callback: userCallback, ...request } = body;
    const token = this.options.callbackUrl ? randomBytes(24).toString('base64url') : null;
    const upstreamBody = token ? { ...request, callback: this.options.callbackUrl!(token) } : request;
    const created = await this.options.upstream.create(operation, upstreamBody);
    const task = withUserEndpoint(created, userCallback);
    let stored: StudioTask;
    try {
      stored = this.options.store.insert({
        operation,
        request,
        task,
        callbackToken: token,
        userCallback: typeof userCallback === 'string' ? userCallback : null,
      });
    } catch (error) {
      // The upstream has the task (and its points) but we could not keep it: say which, so that an
      // operator can find it again.
      this.options.logger.error(
        { err: error, jobId: task.job_id, operation, request },
        'recording a created task failed',
      );
      throw error;
    }
    this.lastRead.set(task.job_id, Date.now());
    this.options.logger.info({ jobId: task.job_id, operation }, 'task created');
    this.options.events.emit(stored);
    if (isTerminal(created.status)) return this.apply(task.job_id, created);
    return stored.task;
  }

  /**
   * Get Task: terminal tasks and fresh reads answer from the store; otherwise one upstream read is
   * shared by every caller. A browser waits for that read only so long (`readWaitMs`): a slow upstream
   * or a long copy of results finishes in the background and the browser gets the stored state now
   * (and the change by event). When the upstream fails, a known task answers with its last state.
   */
  async current(jobId: string): Promise<Task> {
    const stored = this.options.store.getTask(jobId);
    if (!stored) return this.options.upstream.getTask(jobId);
    if (isTerminal(stored.status) || this.isFresh(jobId)) return stored;
    const read = this.refresh(jobId).catch((error: unknown) => {
      this.options.logger.warn(
        { jobId, err: error },
        'reading the task upstream failed; answering the stored state',
      );
      return undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, this.options.readWaitMs ?? 500, undefined);
    });
    const fresh = await Promise.race([read, waited]);
    clearTimeout(timer);
    return fresh ?? this.options.store.getTask(jobId) ?? stored;
  }

  /**
   * Whether the job was read in the current interval. Intervals are aligned to the clock rather than
   * to the last read, so one browser polling every 250 ms and fifty browsers polling at random moments
   * both cause exactly one upstream read per interval.
   */
  isFresh(jobId: string): boolean {
    const last = this.lastRead.get(jobId);
    if (last === undefined || this.freshnessMs <= 0) return false;
    return Math.floor(last / this.freshnessMs) === Math.floor(Date.now() / this.freshnessMs);
  }

  /** The follower's read: skipped when a browser's poll already read the job in this interval. */
  async refreshUnlessFresh(jobId: string): Promise<void> {
    if (!this.isFresh(jobId)) await this.refresh(jobId);
  }

  /** Reads the job upstream (joining a read already under way) and applies what it says. */
  refresh(jobId: string): Promise<Task> {
    const running = this.inflight.get(jobId);
    if (running) return running;
    const read = (async () => {
      const fresh = await this.options.upstream.getTask(jobId);
      this.lastRead.set(jobId, Date.now());
      return this.apply(jobId, fresh);
    })().finally(() => this.inflight.delete(jobId));
    this.inflight.set(jobId, read);
    return read;
  }

  /** A callback from the upstream: only a hint that the job changed. */
  callback(token: string, payload: unknown): { accepted: boolean } {
    const jobId = this.options.store.jobIdForCallbackToken(token);
    if (!jobId) throw new Failure(404, 'Unknown callback');
    const stored = this.options.store.get(jobId)!;
    const hinted = taskStatusSchema.safeParse(
      (payload as { data?: { status?: unknown } } | null)?.data?.status,
    );
    // Duplicates and stale states change nothing: the store already knows as much or more.
    if (
      isTerminal(stored.status) ||
      (hinted.success && STATUS_RANK[hinted.data] <= STATUS_RANK[stored.status])
    )
      return { accepted: false };
    this.track(
      this.refresh(jobId).catch((error: unknown) =>
        this.options.logger.warn({ jobId, err: error }, 're-reading a task after its callback failed'),
      ),
    );
    return { accepted: true };
  }

  /** Marks a task failed that the upstream cannot answer for any more; its request stays for a retry. */
  giveUp(jobId: string, message: string) {
    const stored = this.options.store.get(jobId);
    if (!stored || isTerminal(stored.status)) return;
    const failed: Task = {
      ...stored.task,
      status: 'failed',
      error: { code: 404, message, raw_message: '', detail: null },
    };
    if (this.options.store.advance(jobId, failed)) {
      this.options.logger.warn({ jobId }, 'the upstream no longer knows this task; marked failed');
      const updated = this.options.store.get(jobId)!;
      this.lastRead.delete(jobId);
      this.options.events.emit(updated);
    }
  }

  /** Waits for background work (callback re-reads, user notifications); for shutdown and tests. */
  async settle() {
    while (this.pending.size || this.inflight.size)
      await Promise.allSettled([...this.pending, ...this.inflight.values()]);
  }

  private track(work: Promise<unknown>) {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Stores a state read from the upstream unless it is stale; mirrors results before "completed". */
  private async apply(jobId: string, fresh: Task): Promise<Task> {
    const { store, logger } = this.options;
    const stored = store.get(jobId);
    if (!stored) return fresh;
    if (isTerminal(stored.status) || STATUS_RANK[fresh.status] < STATUS_RANK[stored.status])
      return stored.task;
    let next = withUserEndpoint(fresh, userCallbackOf(stored));
    let upstreamOutput: Record<string, unknown> | undefined;
    if (fresh.status === 'completed') {
      upstreamOutput = structuredClone(fresh.output) as Record<string, unknown>;
      try {
        next = (await mirrorOutputs(next, this.options.mirror)).task;
        this.mirrorFailures.delete(jobId);
      } catch (error) {
        // A passing fault should not cost the copy: the task stays as it was and the next read (the
        // follower's or a browser's) tries again. After a few tries the upstream's URLs are kept: a
        // result that shows for now beats none.
        const failures = (this.mirrorFailures.get(jobId) ?? 0) + 1;
        this.mirrorFailures.set(jobId, failures);
        if (failures < MIRROR_ATTEMPTS) {
          logger.warn(
            { jobId, err: error, failures },
            'copying the results failed; trying again on the next read',
          );
          return stored.task;
        }
        this.mirrorFailures.delete(jobId);
        logger.warn({ jobId, err: error }, 'copying the results failed again; keeping the upstream URLs');
      }
    }
    if (store.advance(jobId, next, upstreamOutput)) {
      const updated = store.get(jobId)!;
      logger.info({ jobId, status: updated.status }, 'task changed');
      this.options.events.emit(updated);
      if (isTerminal(updated.status)) {
        // An ended task is answered from the store from now on: nothing to remember about its reads.
        this.lastRead.delete(jobId);
        this.track(this.notifyUser(updated));
      }
      return updated.task;
    }
    return store.getTask(jobId) ?? next;
  }

  /** The callback the user gave, notified by us (the upstream was given ours), once per end state. */
  private async notifyUser(task: StudioTask) {
    const url = this.options.store.claimUserNotification(task.jobId, task.status);
    if (!url) return;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ timestamp: Date.now(), data: task.task }),
          signal: AbortSignal.timeout(this.options.userCallbackTimeoutMs ?? 10_000),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (response.ok) return;
      } catch {
        // retried below
      }
      if (attempt < 2) await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
    this.options.logger.warn({ jobId: task.jobId }, "notifying the task's callback failed");
  }
}

function userCallbackOf(task: StudioTask): string | undefined {
  const endpoint = task.task.config.webhook_config.endpoint;
  return endpoint || undefined;
}

/**
 * The task as the studio sees it: the webhook endpoint is the user's own callback (or empty), never
 * the proxy's callback URL with its token.
 */
function withUserEndpoint(task: Task, userCallback: unknown): Task {
  return {
    ...task,
    config: {
      ...task.config,
      webhook_config: {
        ...task.config.webhook_config,
        endpoint: typeof userCallback === 'string' ? userCallback : '',
        secret: '',
      },
    },
  };
}
