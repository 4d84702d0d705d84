import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { useOperationForm } from './use-operation-form';
import { PromptField, SubmitRow, shownIssue } from './parts';
import type { OperationFormProps } from './types';
import { VideoOptionsFields, videoCostDetail } from './VideoOptionsFields';
import { DEFAULT_VIDEO_OPTIONS, type VideoOptions, videoPrompt } from './video-prompt';

/** Animate an image of a job (spec 4.2, method A). */
export function AnimateForm({ source, onDone }: OperationFormProps) {
  const [options, setOptions] = useState<VideoOptions>(DEFAULT_VIDEO_OPTIONS);
  const prompt = videoPrompt(options);
  const body = {
    jobId: source.jobId,
    imageNo: source.imageNo,
    videoType: options.resolution,
    ...(prompt ? { prompt } : {}),
  };
  const { issues, tried, onSubmit, error, isPending, cancelRetry } = useOperationForm(
    { operation: 'video-diffusion', body },
    { onDone },
  );
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={onSubmit}>
      <div className="flex gap-3">
        <img
          src={source.url}
          alt={`Image ${source.imageNo + 1}`}
          className="size-24 rounded-md object-cover"
        />
        <div className="flex-1">
          <PromptField
            label="Motion prompt (optional)"
            value={options.text}
            onChange={(text) => setOptions({ ...options, text })}
            error={shownIssue(issues, 'prompt', tried || options.text.length > 0)}
            placeholder="e.g. slow dolly in, leaves drifting"
          />
        </div>
      </div>
      <VideoOptionsFields options={options} onChange={setOptions} />
      <SubmitRow
        label="Animate"
        points={pointsFor('video_diffusion', { prompt, videoType: options.resolution })}
        detail={videoCostDetail(options)}
        pending={isPending}
        error={error}
        onDismiss={cancelRetry}
      />
    </form>
  );
}
