import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { useOperationForm } from './use-operation-form';
import { PromptField, SubmitRow, shownIssue } from './parts';
import type { OperationFormProps } from './types';

/** Vary (Subtle) or Vary (Strong), with an optional prompt to steer it. */
export function VariationForm({ source, strength, onDone }: OperationFormProps & { strength: 0 | 1 }) {
  const [prompt, setPrompt] = useState('');
  const body = {
    jobId: source.jobId,
    imageNo: source.imageNo,
    type: strength,
    ...(prompt.trim() ? { remixPrompt: prompt.trim() } : {}),
  };
  const { issues, tried, onSubmit, error, isPending, cancelRetry } = useOperationForm(
    { operation: 'variation', body },
    { onDone },
  );
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={onSubmit}>
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
