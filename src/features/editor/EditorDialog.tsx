import { useEditorRequest } from '../../lib/editor-request';

// Entry point of the lazily loaded canvas editor (the app shell mounts it with React.lazy when an
// editor request is open). Replaced by the full Konva editor.
export default function EditorDialog() {
  const { request, close } = useEditorRequest();
  if (!request) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label={request.mode === 'inpaint' ? 'Inpaint' : 'Edit'}>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}
