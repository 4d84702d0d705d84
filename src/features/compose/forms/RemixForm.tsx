import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { useSubmitTask } from '../../../api/use-submit-task';
import { Segmented } from '../../../components/ui/Segmented';
import { bodyIssues } from './body-issues';
import { PromptField, SubmitRow, shownIssue } from './parts';
import type { OperationFormProps } from './types';

/** Remix: the same image under a new prompt, strongly (0) or subtly (1) (spec 4.4). */
export function RemixForm({ source, onDone }: OperationFormProps) {
  const [prompt, setPrompt] = useState(source.prompt);
  const [mode, setMode] = useState<0 | 1>(0);
  const [tried, setTried] = useState(false);
  const { submit, error, isPending, cancelRetry } = useSubmitTask(onDone);
  const body = { jobId: source.jobId, imageNo: source.imageNo, remixPrompt: prompt.trim(), mode };
  const issues = bodyIssues('remix', body);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(issues).length === 0) submit({ operation: 'remix', body });
      }}
    >
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
