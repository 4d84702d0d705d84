import { useState } from 'react';
import { uploadFile } from '../../api/uploads';
import { LIMITS } from '../../contract/limits';
import type { EditorSource } from '../../lib/editor-request';
import { describeFailure } from './submit';

/** Edit without a gallery image: the designer uploads a JPG, PNG or WebP to start from. */
export function UploadStep({ onUploaded }: { onUploaded: (source: EditorSource) => void }) {
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

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6">
      <label className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-600 p-10 text-sm hover:border-violet-400">
        Upload an image to edit
        <input
          type="file"
          accept={LIMITS.sourceImageTypes.join(',')}
          className="text-xs"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {busy && <p className="text-sm text-zinc-400">Uploading…</p>}
      {problem && (
        <p role="alert" className="text-sm text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}
