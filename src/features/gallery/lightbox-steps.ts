export interface LightboxPosition {
  jobId: string;
  imageNo: number;
}

interface Job {
  jobId: string;
  count: number;
}

/**
 * The next position with the arrow keys: through the images of a job, then on to the next or previous
 * job in the gallery's order (jobs without results are skipped). Stays put at either end.
 */
export function stepLightbox(jobs: readonly Job[], at: LightboxPosition, delta: 1 | -1): LightboxPosition {
  const index = jobs.findIndex((j) => j.jobId === at.jobId);
  const current = jobs[index];
  if (current) {
    const next = at.imageNo + delta;
    if (next >= 0 && next < current.count) return { jobId: at.jobId, imageNo: next };
  }
  if (index === -1) return at;
  for (let i = index + delta; i >= 0 && i < jobs.length; i += delta) {
    const job = jobs[i]!;
    if (job.count > 0) return { jobId: job.jobId, imageNo: delta === 1 ? 0 : job.count - 1 };
  }
  return at;
}
