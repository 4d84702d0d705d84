import { useId } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { FieldError } from '../../../components/ui/FieldError';
import type { PlainError } from '../../../lib/request-error';

export function PromptField({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-400">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="w-full resize-y rounded-md border border-zinc-800 bg-zinc-950 px-3 py-2 text-sm focus:border-violet-500/70 focus:outline-none aria-invalid:border-red-400/70"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The submit button with the cost beside it, and the request error (kept until the next try). */
export function SubmitRow({
  label,
  points,
  detail,
  pending,
  error,
  onDismiss,
  disabled,
}: {
  label: string;
  points: number;
  /** What the points buy, when it varies (e.g. "4 videos at 480p"). */
  detail?: string;
  pending: boolean;
  error: PlainError | null;
  onDismiss?: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      {error && <ErrorNotice error={error} onDismiss={onDismiss} />}
      <div className="flex items-center justify-end gap-3">
        <span className="text-xs text-zinc-500">
          {detail && `${detail} · `}
          <span className="tabular-nums text-zinc-300" data-testid="operation-cost">
            {points} points
          </span>
        </span>
        <Button type="submit" variant="primary" disabled={pending || disabled}>
          {label}
        </Button>
      </div>
    </div>
  );
}

/** Shows the inline issue only once the designer has tried to submit or touched the field. */
export function shownIssue(issues: Record<string, string>, field: string, tried: boolean): string | null {
  return tried ? (issues[field] ?? null) : null;
}
