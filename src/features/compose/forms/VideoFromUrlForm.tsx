import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { useOperationForm } from './use-operation-form';
import { PromptField, SubmitRow } from './parts';
import { SourcePicker } from './SourcePicker';
import { VideoOptionsFields, videoCostDetail } from './VideoOptionsFields';
import { DEFAULT_VIDEO_OPTIONS, type VideoOptions, videoPrompt } from './video-prompt';

/** A video from any image: uploaded, picked or by URL, sent as `[url] prompt` (spec 4.2, method B). */
export default function VideoFromUrlForm() {
  const [imageUrl, setImageUrl] = useState('');
  const [options, setOptions] = useState<VideoOptions>(DEFAULT_VIDEO_OPTIONS);
  const prompt = imageUrl ? videoPrompt(options, imageUrl) : undefined;
  const body = { videoType: options.resolution, ...(prompt ? { prompt } : {}) };
  const needsText = options.text.trim() === '';
  const { issues, tried, onSubmit, error, isPending, cancelRetry } = useOperationForm(
    { operation: 'video-diffusion', body },
    { ready: Boolean(imageUrl) && !needsText },
  );
  return (
    <form noValidate className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]" onSubmit={onSubmit}>
      <SourcePicker
        label="Source image"
        value={imageUrl}
        onChange={setImageUrl}
        error={tried && !imageUrl ? 'Choose the image to animate.' : null}
      />
      <div className="flex flex-col gap-3">
        <PromptField
          label="Motion prompt"
          value={options.text}
          onChange={(text) => setOptions({ ...options, text })}
          error={tried ? (needsText ? 'Describe the motion.' : issues.prompt) : null}
          placeholder="e.g. waves rolling in, camera drifting left"
        />
        <VideoOptionsFields options={options} onChange={setOptions} />
        <SubmitRow
          label="Create video"
          points={pointsFor('video_diffusion', { prompt, videoType: options.resolution })}
          detail={videoCostDetail(options)}
          pending={isPending}
          error={error}
          onDismiss={cancelRetry}
        />
      </div>
    </form>
  );
}
