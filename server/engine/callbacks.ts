import type { Logger } from 'pino';
import type { EngineStore } from './store';

// Callback delivery, off the request path: each finished task's POST {timestamp, data} is stored
// with the task, then sent; a failed delivery (network error, timeout or non-2xx) is retried with
// exponential backoff (base, 2×base, 4×base, ...) up to `maxAttempts` times. Pending deliveries
// live in SQLite, so a restart carries on where it stopped.

export interface CallbackOptions {
  store: EngineStore;
  logger: Logger;
  /** First retry delay in ms; doubles each attempt. */
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs?: number;
}

export class CallbackSender {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<number>();
  private readonly controllers = new Set<AbortController>();
  private readonly work = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: CallbackOptions) {}

  /** Looks for due deliveries now and plans the next look. */
  wake() {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    for (const delivery of this.options.store.dueCallbacks(now)) {
      if (this.inFlight.has(delivery.id)) continue;
      this.inFlight.add(delivery.id);
      const sending: Promise<void> = this.send(
        delivery.id,
        delivery.url,
        delivery.payload,
        delivery.attempts,
      ).finally(() => {
        this.inFlight.delete(delivery.id);
        this.work.delete(sending);
        this.wake();
      });
      this.work.add(sending);
    }
    const nextAt = this.options.store.nextCallbackAt();
    if (nextAt !== null && this.inFlight.size === 0)
      this.timer = setTimeout(() => this.wake(), Math.max(0, nextAt - now));
    else if (nextAt !== null) this.timer = setTimeout(() => this.wake(), Math.max(50, nextAt - now));
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const controller of this.controllers) controller.abort();
    await Promise.allSettled([...this.work]);
  }

  private async send(id: number, url: string, payload: string, attemptsBefore: number) {
    const attempts = attemptsBefore + 1;
    const controller = new AbortController();
    this.controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs ?? 10_000);
    let problem: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
        signal: controller.signal,
        redirect: 'manual',
      });
      await response.body?.cancel();
      if (response.ok) {
        if (!this.closed) this.options.store.callbackDelivered(id, attempts);
        return;
      }
      problem = `HTTP ${response.status}`;
    } catch (error) {
      problem = (error as Error).name === 'AbortError' ? 'timed out or stopped' : 'could not connect';
    } finally {
      clearTimeout(timeout);
      this.controllers.delete(controller);
    }
    if (this.closed) return; // not counted: the engine is stopping, the next start sends it again
    const giveUp = attempts >= this.options.maxAttempts;
    const nextAt = giveUp ? null : Date.now() + this.options.retryBaseMs * 2 ** (attempts - 1);
    this.options.store.callbackFailed(id, attempts, problem, nextAt);
    this.options.logger.warn({ callbackId: id, attempts, problem, giveUp }, 'callback delivery failed');
  }
}
