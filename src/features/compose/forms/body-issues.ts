import { OPERATIONS, type OperationPath } from '../../../contract/operations';

/**
 * Inline validation with the shared schema: the first problem per top-level field, worded as the server
 * would word it. An empty object means the body would be accepted.
 */
export function bodyIssues(operation: OperationPath, body: unknown): Record<string, string> {
  const result = OPERATIONS[operation].body.safeParse(body);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '(body)');
    issues[field] ??= issue.message;
  }
  return issues;
}
