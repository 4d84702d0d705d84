import { isTerminal, type TaskStatus } from '../../../src/contract/task';
import type { StudioClient } from './studio-client';

// The bookkeeping behind "none lost, none duplicated": every create that answered 2xx is written down
// here; at the end each must be found exactly once in the history and answer Get Task in a final state.

export interface Reconciliation {
  created: number;
  foundInList: number;
  /** Created (2xx) but missing from the history, or Get Task does not know it. */
  lost: string[];
  /** Present more than once in the history, or the same job id answered two creates. */
  duplicated: string[];
  /** In the history though no create answered 2xx for it (e.g. a create whose answer was lost). */
  unexpected: string[];
  /** Still pending/processing when the wait ended. */
  unfinished: { jobId: string; status: TaskStatus | string }[];
  completed: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Ledger {
  private readonly created = new Map<string, number>();

  recordCreated(jobId: string): void {
    this.created.set(jobId, (this.created.get(jobId) ?? 0) + 1);
  }

  get size(): number {
    return this.created.size;
  }

  jobIds(): string[] {
    return [...this.created.keys()];
  }

  /** Polls Get Task (like the studio) until every created task is final or the time is up. */
  async waitUntilFinal(client: StudioClient, timeoutMs: number, pollMs = 250): Promise<void> {
    const open = new Set(this.created.keys());
    const deadline = Date.now() + timeoutMs;
    while (open.size > 0 && Date.now() < deadline) {
      for (const jobId of [...open]) {
        const answer = await client.getTask(jobId);
        if (answer.ok && isTerminal(answer.value.status)) open.delete(jobId);
      }
      if (open.size > 0) await sleep(pollMs);
    }
  }

  async reconcile(client: StudioClient): Promise<Reconciliation> {
    const listed = await client.listAll();
    const timesListed = new Map<string, number>();
    for (const item of listed) timesListed.set(item.jobId, (timesListed.get(item.jobId) ?? 0) + 1);
    const result: Reconciliation = {
      created: this.created.size,
      foundInList: 0,
      lost: [],
      duplicated: [],
      unexpected: [],
      unfinished: [],
      completed: 0,
      failed: 0,
    };
    for (const [jobId, times] of this.created) {
      if (times > 1) result.duplicated.push(jobId);
      const inList = timesListed.get(jobId) ?? 0;
      if (inList > 1) result.duplicated.push(jobId);
      if (inList >= 1) result.foundInList++;
      const answer = await client.getTask(jobId);
      if (inList === 0 || !answer.ok) {
        result.lost.push(jobId);
        continue;
      }
      const status = answer.value.status;
      if (status === 'completed') result.completed++;
      else if (status === 'failed') result.failed++;
      else result.unfinished.push({ jobId, status });
    }
    for (const jobId of timesListed.keys()) if (!this.created.has(jobId)) result.unexpected.push(jobId);
    return result;
  }
}
