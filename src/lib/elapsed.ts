/** "4 s", "1 min 05 s", "2 h 03 min": short enough for a card, exact enough to compare jobs. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes < 60) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A timestamp the service may leave empty or at the zero time (spec 2.4): null when unusable. */
export function parseTimestamp(value: string | undefined | null): number | null {
  if (!value || value.startsWith('0001-')) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
