import { useState } from 'react';
import { pointsFor } from '../../../contract/points';
import { absoluteUrl } from '../../../lib/urls';
import { useOperationForm } from './use-operation-form';
import { PromptField, SubmitRow, shownIssue } from './parts';
import { SourcePicker } from './SourcePicker';
import type { OperationSource } from './types';

/**
 * Retexture (spec 4.7): new materials on the shapes of an image given by URL. Reached from a gallery
 * image (the source is set) or from the compose bar (gallery, upload or URL).
 */
export default function RetextureForm({ source, onDone }: { source?: OperationSource; onDone?: () => void }) {
  const [imgUrl, setImgUrl] = useState(source ? absoluteUrl(source.url) : '');
  const [prompt, setPrompt] = useState('');
  const body = { imgUrl, remixPrompt: prompt.trim() };
  const { issues, tried, onSubmit, error, isPending, cancelRetry } = useOperationForm(
    { operation: 'retexture', body },
    { onDone },
  );
  return (
    <form
      noValidate
      className={
        source
          ? 'flex flex-col gap-3'
          : 'grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] md:items-start'
      }
      onSubmit={onSubmit}
    >
      {source ? (
        <img
          src={source.url}
          alt={`Image ${source.imageNo + 1}`}
          className="h-32 self-start rounded-md object-contain"
        />
      ) : (
        <SourcePicker
          label="Source image"
          value={imgUrl}
          onChange={setImgUrl}
          error={tried ? (imgUrl ? issues.imgUrl : 'Choose the image to retexture.') : null}
        />
      )}
      <div className="flex flex-col gap-3">
        <PromptField
          label="Texture prompt"
          value={prompt}
          onChange={setPrompt}
          error={shownIssue(issues, 'remixPrompt', tried)}
          placeholder="e.g. brushed copper, moss and wet stone"
        />
        <SubmitRow
          label="Retexture"
          points={pointsFor('retexture')}
          pending={isPending}
          error={error}
          onDismiss={cancelRetry}
        />
      </div>
    </form>
  );
}
