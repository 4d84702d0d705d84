import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { useSubmitTask } from '../../../api/use-submit-task';
import { bodyIssues } from './body-issues';
import { PromptField, SubmitRow, shownIssue } from './parts';
import type { OperationFormProps } from './types';

/** Vary (Subtle) or Vary (Strong), with an optional prompt to steer it. */
export function VariationForm({ source, strength, onDone }: OperationFormProps & { strength: 0 | 1 }) {
  const [prompt, setPrompt] = useState('');
  const [tried, setTried] = useState(false);
  const { submit, error, isPending, cancelRetry } = useSubmitTask(onDone);
  const body = {
    jobId: source.jobId,
    imageNo: source.imageNo,
    type: strength,
    ...(prompt.trim() ? { remixPrompt: prompt.trim() } : {}),
  };
  const issues = bodyIssues('variation', body);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(issues).length === 0) submit({ operation: 'variation', body });
      }}
    >
      <p className="text-sm text-zinc-400">
        {strength === 0
          ? 'Small changes that keep the composition.'
          : 'Bolder changes: new poses, new arrangement.'}
      </p>
      <PromptField
        label="Variation prompt (optional)"
        value={prompt}
        onChange={setPrompt}
        error={shownIssue(issues, 'remixPrompt', tried || prompt.length > 0)}
        placeholder="Steer the variation, or leave empty"
      />
      <SubmitRow
        label="Vary"
        points={pointsFor('variation')}
        pending={isPending}
        error={error}
        onDismiss={cancelRetry}
      />
    </form>
  );
}
