import { useState } from 'react';
import { uploadFile } from '../../api/uploads';
import { LIMITS } from '../../contract/limits';
import type { EditorSource } from '../../lib/editor-request';
import { describeFailure } from './submit';

// Edit can start from a file instead of a gallery image: it is checked here (type, 10 MB), uploaded to
// the studio, and its absolute URL becomes upload-paint's imgUrl.

function useUpload(onUploaded: (source: EditorSource) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function upload(file: File) {
    setProblem(null);
    if (!(LIMITS.sourceImageTypes as readonly string[]).includes(file.type)) {
      setProblem('Choose a JPG, PNG or WebP image.');
      return;
    }
    if (file.size > LIMITS.sourceImageBytes) {
      setProblem('The image is larger than 10 MB.');
      return;
    }
    setBusy(true);
    try {
      const result = await uploadFile(file, file.name);
      onUploaded({ url: result.url, width: result.width, height: result.height });
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setBusy(false);
    }
  }
  return { upload, busy, problem };
}

function FileInput({
  label,
  upload,
  busy,
}: {
  label: string;
  upload: (f: File) => Promise<void>;
  busy: boolean;
}) {
  return (
    <label className="flex cursor-pointer flex-col gap-1 text-sm">
      {label}
      <input
        type="file"
        accept={LIMITS.sourceImageTypes.join(',')}
        className="text-xs"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** Edit opened without an image: the designer uploads one to start from. */
export function UploadStep({ onUploaded }: { onUploaded: (source: EditorSource) => void }) {
  const { upload, busy, problem } = useUpload(onUploaded);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6">
      <div className="rounded-lg border border-dashed border-zinc-600 p-10 hover:border-violet-400">
        <FileInput label="Upload an image to edit" upload={upload} busy={busy} />
      </div>
      {busy && <p className="text-sm text-zinc-400">Uploading…</p>}
      {problem && (
        <p role="alert" className="text-sm text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}

/** In Edit, swap the gallery image for an uploaded file (the canvas and mask start afresh for it). */
export function ReplaceImage({ onUploaded }: { onUploaded: (source: EditorSource) => void }) {
  const { upload, busy, problem } = useUpload(onUploaded);
  return (
    <div className="flex flex-col gap-1">
      <FileInput label="Edit an uploaded image instead" upload={upload} busy={busy} />
      {busy && <p className="text-xs text-zinc-400">Uploading…</p>}
      {problem && (
        <p role="alert" className="text-xs text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}
