import type { TaskStatus } from '../contract/task';

// The contract's task.ts holds zod schemas; importing a value from it would pull zod into the first
// load. These few status facts are repeated here (contract tests pin the list of statuses).

export function isTerminal(status: TaskStatus | undefined): boolean {
  return status === 'completed' || status === 'failed';
}

export const STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  staged: 'Staged',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export const TASK_STATUS_LIST: TaskStatus[] = ['pending', 'staged', 'processing', 'completed', 'failed'];
