import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { OperationBody, OperationPath } from '../contract/operations';
import type { Task, TaskStatus } from '../contract/task';
import { isTerminal } from '../lib/task-status';
import { pollDelay } from '../lib/poll-delay';
import { requestJson } from './client';
import { loadContract } from './contract';
import { balanceKeys, taskKeys } from './keys';
import { insertCreated } from './studio-tasks';

/**
 * Creates a task through the proxy (`POST /api/v1/{operation}`). The body is checked with the shared
 * schema first, so a bad field fails here with the same message the server would give.
 */
export async function createTask<P extends OperationPath>(
  operation: P,
  body: OperationBody<P>,
  signal?: AbortSignal,
): Promise<Task> {
  const { OPERATIONS, taskSchema } = await loadContract();
  const checked = OPERATIONS[operation].body.parse(body);
  return requestJson(`/api/v1/${operation}`, { body: checked, signal, parse: (j) => taskSchema.parse(j) });
}

/** Get Task through the proxy. */
export function fetchTask(jobId: string, signal?: AbortSignal): Promise<Task> {
  const contract = loadContract();
  return requestJson(`/api/v1/job/${encodeURIComponent(jobId)}`, {
    signal,
    parse: async (j) => (await contract).taskSchema.parse(j),
  });
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
    onSuccess: (task, input) => {
      queryClient.setQueryData(taskKeys.detail(task.job_id), task);
      insertCreated(queryClient, task, input.body as Record<string, unknown>);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}

/**
 * A task followed until it ends: polled while it runs, less often as it ages, never after a terminal
 * status. Server-sent events write into the same cache entry, so polling is only the fallback.
 */
export function taskQueryOptions(jobId: string, createdAtMs: number, initial?: Task) {
  return queryOptions({
    queryKey: taskKeys.detail(jobId),
    queryFn: ({ signal }) => fetchTask(jobId, signal),
    initialData: initial,
    staleTime: (q) => (isTerminal(q.state.data?.status) ? Infinity : 0),
    refetchInterval: (q) => (isTerminal(q.state.data?.status) ? false : pollDelay(Date.now() - createdAtMs)),
  });
}

const STATUS_RANK: Record<TaskStatus, number> = {
  pending: 0,
  staged: 1,
  processing: 2,
  completed: 3,
  failed: 3,
};

/** The newer of two copies of a task (the list's and the polled one), by how far each has got. */
export function newerTask(a: Task, b: Task | undefined): Task {
  if (!b) return a;
  return STATUS_RANK[b.status] >= STATUS_RANK[a.status] ? b : a;
}

/** The live task for a card: follows it while it runs; when it ends the lists and points refresh. */
export function useLiveTask(listed: Task, createdAt: string): Task {
  const queryClient = useQueryClient();
  const [mountedAt] = useState(() => Date.now());
  const createdAtMs = Date.parse(createdAt) || mountedAt;
  const alreadyDone = isTerminal(listed.status);
  const { data } = useQuery({
    ...taskQueryOptions(listed.job_id, createdAtMs, listed),
    enabled: !alreadyDone,
  });
  const task = newerTask(listed, data);
  const endedHere = !alreadyDone && isTerminal(task.status);
  useEffect(() => {
    if (!endedHere) return;
    void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
  }, [endedHere, queryClient]);
  return task;
}
