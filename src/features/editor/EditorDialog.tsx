import { useEffect, useRef, useState } from 'react';
import { useEditorRequest, type EditorSource } from '../../lib/editor-request';
import { EditorSession, startSession } from './EditorSession';
import { UploadStep } from './UploadStep';
import { useImage } from './useImage';

// Entry point of the lazily loaded canvas editor (the app shell mounts it with React.lazy when an editor
// request is open), so Konva stays out of the first load. Inpaint works on a gallery image; Edit
// (upload-paint) on a gallery image or a file uploaded here.
export default function EditorDialog() {
  const request = useEditorRequest((s) => s.request);
  const close = useEditorRequest((s) => s.close);
  const [uploaded, setUploaded] = useState<EditorSource | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (request) dialogRef.current?.focus();
  }, [request]);

  if (!request) return null;
  const title = request.mode === 'inpaint' ? 'Inpaint' : 'Edit';
  // In Edit an uploaded file replaces the gallery image; Inpaint always works on the gallery image.
  const source = request.mode === 'edit' ? (uploaded ?? request.source) : request.source;

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      tabIndex={-1}
      className="fixed inset-0 z-50 flex flex-col bg-zinc-950 text-zinc-100 outline-none"
    >
      <header className="flex items-center gap-3 border-b border-zinc-800 px-4 py-2">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-xs text-zinc-400">
          {request.mode === 'inpaint'
            ? 'Draw the area to repaint; everything outside it stays exactly as it is.'
            : 'Place the image on the canvas and mask what to change; the uncovered canvas is generated.'}
        </p>
        <button
          type="button"
          className="ml-auto rounded-md px-3 py-1 text-sm hover:bg-zinc-800"
          onClick={() => {
            setUploaded(null);
            close();
          }}
        >
          Close
        </button>
      </header>
      {source ? (
        <LoadedSession
          key={`${request.mode}:${source.url}`}
          mode={request.mode}
          source={source}
          onUploaded={request.mode === 'edit' ? setUploaded : undefined}
        />
      ) : (
        <UploadStep onUploaded={setUploaded} />
      )}
    </div>
  );
}

interface LoadedSessionProps {
  mode: 'inpaint' | 'edit';
  source: EditorSource;
  onUploaded?: (source: EditorSource) => void;
}

function LoadedSession({ mode, source, onUploaded }: LoadedSessionProps) {
  // The session (draft or a fresh mask) is set up as the image arrives, in the load event, so the
  // store never changes while a component renders.
  const image = useImage(source.url, (loaded) =>
    startSession(mode, source, { width: loaded.naturalWidth, height: loaded.naturalHeight }),
  );
  if (image.status === 'loading') return <p className="p-6 text-sm text-zinc-400">Loading the image…</p>;
  if (image.status === 'error')
    return (
      <p role="alert" className="p-6 text-sm text-rose-300">
        {image.message} Close the editor and try again.
      </p>
    );
  return <EditorSession mode={mode} source={source} image={image.image} onUploaded={onUploaded} />;
}
