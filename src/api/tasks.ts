import { OPERATIONS, type OperationBody, type OperationPath } from '../contract/operations';
import { taskSchema, type Task } from '../contract/task';
import { requestJson } from './client';

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
