// Latency figures the way an operator reads them: p50 and p99 over every request, nearest-rank.

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sortedMs.length);
  return sortedMs[Math.min(sortedMs.length, Math.max(1, rank)) - 1]!;
}

export class LatencyLog {
  private readonly samples: number[] = [];
  private readonly statuses = new Map<string, number>();

  /** `status` is the HTTP status, or a name such as `network` when no answer came. */
  record(ms: number, status: number | string): void {
    this.samples.push(ms);
    const key = String(status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  get count(): number {
    return this.samples.length;
  }

  summary(): { count: number; p50: number; p99: number; max: number; byStatus: Record<string, number> } {
    const sorted = [...this.samples].sort((a, b) => a - b);
    return {
      count: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? 0,
      byStatus: Object.fromEntries([...this.statuses].sort(([a], [b]) => a.localeCompare(b))),
    };
  }
}

/** Resident set size of a process in bytes, read from /proc (Linux); our own when no pid is given. */
export async function rssBytes(pid?: number): Promise<number> {
  if (pid === undefined) return process.memoryUsage().rss;
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}
