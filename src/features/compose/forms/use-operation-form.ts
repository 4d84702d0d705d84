import { useState, type FormEvent } from 'react';
import type { CreateTaskInput } from '../../../api/tasks';
import type { Task } from '../../../contract/task';
import { useSubmitTask } from '../../../api/use-submit-task';
import { bodyIssues } from './body-issues';

interface OperationFormOptions {
  /** Called once the task is created (dialogs close then). */
  onDone?: (task: Task) => void;
  /** Conditions of the form's own beyond the schema (e.g. a source picked); default true. */
  ready?: boolean;
}

/**
 * What every operation form shares: inline issues from the shared schema, shown once the designer has
 * tried to submit, and a submit that sends only a body the server would accept.
 */
export function useOperationForm(
  input: CreateTaskInput,
  { onDone, ready = true }: OperationFormOptions = {},
) {
  const [tried, setTried] = useState(false);
  const submission = useSubmitTask((task) => {
    setTried(false);
    onDone?.(task);
  });
  const issues = bodyIssues(input.operation, input.body);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (ready && Object.keys(issues).length === 0) submission.submit(input);
  };
  return { ...submission, issues, tried, onSubmit };
}
