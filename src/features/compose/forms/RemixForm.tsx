import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { Segmented } from '../../../components/ui/Segmented';
import { useOperationForm } from './use-operation-form';
import { PromptField, SubmitRow, shownIssue } from './parts';
import type { OperationFormProps } from './types';

/** Remix: the same image under a new prompt, strongly (0) or subtly (1) (spec 4.4). */
export function RemixForm({ source, onDone }: OperationFormProps) {
  const [prompt, setPrompt] = useState(source.prompt);
  const [mode, setMode] = useState<0 | 1>(0);
  const body = { jobId: source.jobId, imageNo: source.imageNo, remixPrompt: prompt.trim(), mode };
  const { issues, tried, onSubmit, error, isPending, cancelRetry } = useOperationForm(
    { operation: 'remix', body },
    { onDone },
  );
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={onSubmit}>
      <Segmented
        label="Remix strength"
        value={mode}
        options={[
          { value: 0, label: 'Strong' },
          { value: 1, label: 'Subtle' },
        ]}
        onChange={setMode}
      />
      <PromptField
        label="Remix prompt"
        value={prompt}
        onChange={setPrompt}
        error={shownIssue(issues, 'remixPrompt', tried)}
        placeholder="What the image should become"
      />
      <SubmitRow
        label="Remix"
        points={pointsFor('remix')}
        pending={isPending}
        error={error}
        onDismiss={cancelRetry}
      />
    </form>
  );
}
