/**
 * How long to wait before asking about a running task again, given its age. Young tasks are polled
 * often (they usually finish within a minute), old ones gently; there is no cap on how long we keep
 * asking: a task queued behind others may take a long time and still finish.
 */
export function pollDelay(ageMs: number): number {
  if (ageMs < 15_000) return 1_000;
  if (ageMs < 60_000) return 2_000;
  if (ageMs < 5 * 60_000) return 5_000;
  if (ageMs < 30 * 60_000) return 15_000;
  return 30_000;
}
