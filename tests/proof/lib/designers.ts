import type { OperationPath } from '../../../src/contract/operations';
import type { Ledger } from './ledger';
import type { StudioClient } from './studio-client';

// Designers clicking Generate through trouble: a failed click (5xx, 429, a dropped connection) is
// clicked again after a pause, as a person would. Every 2xx goes into the ledger; nothing else does.

export interface ClickOptions {
  clicks: number;
  pauseMs: number;
  /** Prompts to cycle through; the engine fails a task whose prompt holds `failtest`. */
  prompts: readonly string[];
  operation?: OperationPath;
  /** Stop clicking at this time (ms epoch). */
  until?: number;
  /** Index of the first prompt (a designer called once per click keeps its own count). */
  startAt?: number;
}

export async function clickGenerate(
  client: StudioClient,
  ledger: Ledger,
  options: ClickOptions,
): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (let i = 0; i < options.clicks; i++) {
    if (options.until && Date.now() > options.until) break;
    const answer = await client.create(options.operation ?? 'diffusion', {
      text: options.prompts[((options.startAt ?? 0) + i) % options.prompts.length]!,
    });
    const key = String(answer.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (answer.ok) ledger.recordCreated(answer.value.job_id);
    await new Promise((r) =>
      setTimeout(r, answer.ok ? options.pauseMs : (answer.retryAfterMs ?? options.pauseMs)),
    );
  }
  return statuses;
}

export function mergeCounts(all: Record<string, number>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const counts of all) for (const [k, v] of Object.entries(counts)) total[k] = (total[k] ?? 0) + v;
  return total;
}
