import { useCallback, useEffect, useRef, useState } from 'react';
import type { Task } from '../contract/task';
import { describeRequestError, type PlainError } from '../lib/request-error';
import { type CreateTaskInput, useCreateTask } from './tasks';

/**
 * Submits an operation and explains failures in plain words. A 429 is retried by itself after the
 * server's Retry-After, with a countdown; other errors wait for the designer. The form that calls this
 * keeps its own state, so nothing typed is lost whatever happens.
 */
export function useSubmitTask(onCreated?: (task: Task) => void) {
  const mutation = useCreateTask();
  const [error, setError] = useState<PlainError | null>(null);
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const pending = useRef<CreateTaskInput | null>(null);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  });

  const submit = useCallback(
    (input: CreateTaskInput) => {
      pending.current = input;
      setError(null);
      setRetryIn(null);
      mutation.mutate(input, {
        onSuccess: (task) => {
          pending.current = null;
          onCreatedRef.current?.(task);
        },
        onError: (e) => {
          const plain = describeRequestError(e);
          setError(plain);
          if (plain.retryAfterSeconds) setRetryIn(plain.retryAfterSeconds);
        },
      });
    },
    [mutation],
  );

  // The 429 countdown: one tick a second, then the same request again.
  useEffect(() => {
    if (retryIn === null) return;
    const timer = setTimeout(() => {
      if (retryIn > 1) {
        setRetryIn(retryIn - 1);
        setError({
          message: `The service is busy: retrying in ${retryIn - 1} s.`,
          retryAfterSeconds: retryIn - 1,
        });
      } else if (pending.current) submit(pending.current);
    }, 1000);
    return () => clearTimeout(timer);
  }, [retryIn, submit]);

  const cancelRetry = useCallback(() => {
    setRetryIn(null);
    setError(null);
  }, []);

  return { submit, error, isPending: mutation.isPending || retryIn !== null, cancelRetry };
}
