import type { TaskStatus } from '../../contract/task';
import { STATUS_LABELS } from '../../lib/task-status';

const TONES: Record<TaskStatus, string> = {
  pending: 'bg-zinc-700/60 text-zinc-200',
  staged: 'bg-sky-500/15 text-sky-200',
  processing: 'bg-violet-500/20 text-violet-200',
  completed: 'bg-emerald-500/15 text-emerald-200',
  failed: 'bg-red-500/20 text-red-200',
};

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ${TONES[status]}`}
      data-status={status}
    >
      {(status === 'processing' || status === 'pending' || status === 'staged') && (
        <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" />
      )}
      {STATUS_LABELS[status]}
    </span>
  );
}
