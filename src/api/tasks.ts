import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS, type OperationBody, type OperationPath } from '../contract/operations';
import { taskSchema, type Task } from '../contract/task';
import { requestJson } from './client';
import { balanceKeys, taskKeys } from './keys';

/**
 * Creates a task through the proxy (`POST /api/v1/{operation}`). The body is checked with the shared
 * schema first, so a bad field fails here with the same message the server would give.
 */
export async function createTask<P extends OperationPath>(
  operation: P,
  body: OperationBody<P>,
  signal?: AbortSignal,
): Promise<Task> {
  const checked = OPERATIONS[operation].body.parse(body);
  return requestJson(`/api/v1/${operation}`, { body: checked, signal, schema: taskSchema });
}

/** Get Task through the proxy. */
export function fetchTask(jobId: string, signal?: AbortSignal): Promise<Task> {
  return requestJson(`/api/v1/job/${encodeURIComponent(jobId)}`, { signal, schema: taskSchema });
}

/** An operation with its body; the body type follows the operation. */
export type CreateTaskInput = {
  [P in OperationPath]: { operation: P; body: OperationBody<P> };
}[OperationPath];

/**
 * The one way the studio and the editor create tasks: on success the new task is in the cache at once
 * and every task list refetches, so the job appears as a card wherever lists are shown.
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation<Task, Error, CreateTaskInput>({
    mutationFn: (input) => createTask(input.operation, input.body as never),
    onSuccess: (task) => {
      queryClient.setQueryData(taskKeys.detail(task.job_id), task);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
