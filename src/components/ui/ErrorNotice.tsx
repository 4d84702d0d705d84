import type { PlainError } from '../../lib/request-error';

/** A request error in plain words, announced to screen readers. */
export function ErrorNotice({ error, onDismiss }: { error: PlainError | null; onDismiss?: () => void }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-100"
    >
      <span className="flex-1">{error.message}</span>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="text-red-200/80 hover:text-white"
          aria-label="Dismiss"
        >
          ✕
        </button>
      )}
    </div>
  );
}
