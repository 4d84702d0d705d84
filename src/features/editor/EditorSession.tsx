import { useEffect, useMemo, useState } from 'react';
import { useCreateTask } from '../../api/tasks';
import { LIMITS } from '../../contract/limits';
import { useEditorRequest, type EditorMode, type EditorSource } from '../../lib/editor-request';
import { CanvasPanel } from './CanvasPanel';
import { draftKey, loadDraft, removeDraft, saveDraft } from './draft';
import { coverageWarning, exportAreas, imageSizeProblem } from './export-mask';
import { fitPlacement, naturalPlacement, uncoveredShare, type Size } from './geometry';
import { MaskStage } from './MaskStage';
import { EMPTY_DOC, hasMask, needsRasterMask } from './model';
import { coverage, rasteriseMask } from './raster';
import { useEditorStore } from './store';
import { buildRequest, describeFailure } from './submit';
import { Toolbar } from './Toolbar';
import { ReplaceImage } from './UploadStep';

// One editing session on one source image: restores its draft, keeps it saved as the designer works,
// shows what will be repainted and submits. Remounted for every new source (see EditorDialog).

/** Coverage is measured on a raster at most this many pixels a side: exact enough, and cheap per change. */
const COVERAGE_RASTER_SIDE = 256;

interface EditorSessionProps {
  mode: EditorMode;
  source: EditorSource;
  image: HTMLImageElement;
  /** Edit only: the designer uploaded a file to edit instead. */
  onUploaded?: (source: EditorSource) => void;
}

export function EditorSession({ mode, source, image, onUploaded }: EditorSessionProps) {
  const imageSize: Size = useMemo(
    () => ({ width: image.naturalWidth, height: image.naturalHeight }),
    [image],
  );
  const key = draftKey(mode, source);
  const [prompt, setPrompt] = useState(
    () => loadDraft(key)?.prompt ?? (mode === 'edit' ? (source.prompt ?? '') : ''),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const doc = useEditorStore((s) => s.doc);
  const createTask = useCreateTask();
  const close = useEditorRequest((s) => s.close);

  useEffect(() => saveDraft(key, prompt, doc), [key, prompt, doc]);

  const polygonCount = useMemo(() => exportAreas(doc, imageSize).length, [doc, imageSize]);
  const share = useMemo(() => {
    const scale = Math.min(1, COVERAGE_RASTER_SIDE / Math.max(imageSize.width, imageSize.height));
    return coverage(rasteriseMask(doc, imageSize, scale));
  }, [doc, imageSize]);

  const canvas = mode === 'edit' ? doc.canvas : null;
  const placement = mode === 'edit' && doc.placement ? doc.placement : naturalPlacement(imageSize);
  // Upload-paint masks are measured on the canvas (500–4096 by construction), so only Inpaint can hit this.
  const sizeProblem = mode === 'inpaint' ? imageSizeProblem(imageSize) : null;
  const warning = coverageWarning(share);
  const promptMissing = mode === 'edit' && prompt.trim() === '';
  const promptTooLong = prompt.length > LIMITS.prompt.max;
  const emptyInpaint = mode === 'inpaint' && !hasMask(doc);
  const blocked =
    submitting ||
    sizeProblem !== null ||
    promptMissing ||
    promptTooLong ||
    emptyInpaint ||
    (warning === 'empty' && mode === 'inpaint');

  async function submit() {
    setFailure(null);
    setSubmitting(true);
    try {
      const request = await buildRequest({ mode, source, imageSize, doc, prompt, canvas, placement });
      await createTask.mutateAsync(request);
      removeDraft(key);
      close();
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="flex min-h-0 flex-1">
      <Toolbar />
      <MaskStage image={image} imageSize={imageSize} canvas={canvas} placement={placement} />
      <aside
        className="flex w-72 shrink-0 flex-col gap-3 overflow-y-auto border-l border-zinc-800 p-3"
        aria-label="Mask and prompt"
      >
        <p className="text-xs text-zinc-400">
          Image {imageSize.width}×{imageSize.height} px
        </p>
        <div role="status" aria-live="polite" className="flex flex-col gap-1">
          <p className="text-sm">
            Mask covers <strong data-testid="mask-coverage">{formatShare(share)}</strong> of the image
          </p>
          {hasMask(doc) && (
            <p className="text-xs text-zinc-400" data-testid="mask-format">
              {needsRasterMask(doc)
                ? 'Sent as a black and white mask image (brush, eraser or invert).'
                : `Sent as ${polygonCount} polygon${polygonCount === 1 ? '' : 's'}.`}
            </p>
          )}
          {canvas && (
            <p className="text-sm">
              Canvas to generate{' '}
              <strong data-testid="uncovered-canvas">{formatShare(uncoveredShare(canvas, placement))}</strong>
            </p>
          )}
          {warning === 'empty' && (
            <p className="text-xs text-amber-400">
              {mode === 'inpaint'
                ? 'The mask is empty: draw the area to repaint.'
                : 'The mask is empty: the image is kept as it is and only the uncovered canvas is generated.'}
            </p>
          )}
          {warning === 'near-full' && (
            <p className="text-xs text-amber-400">
              The mask covers almost the whole image: nearly nothing of it will be kept.
            </p>
          )}
        </div>
        {sizeProblem && (
          <p role="alert" className="rounded-md bg-rose-950 p-2 text-xs text-rose-200">
            {sizeProblem}
          </p>
        )}
        {onUploaded && <ReplaceImage onUploaded={onUploaded} />}
        {mode === 'edit' && canvas && (
          <CanvasPanel imageSize={imageSize} canvas={canvas} placement={placement} />
        )}
        <label className="flex flex-col gap-1 text-sm">
          {mode === 'inpaint' ? 'Prompt for the repainted area' : 'Prompt'}
          <textarea
            className="min-h-24 rounded-md border border-zinc-700 bg-zinc-900 p-2 text-sm"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder={mode === 'inpaint' ? 'Optional: what to paint there' : 'What the edited image shows'}
            aria-invalid={promptTooLong}
          />
        </label>
        {promptTooLong && (
          <p className="text-xs text-rose-400">The prompt is longer than {LIMITS.prompt.max} characters.</p>
        )}
        {failure && (
          <p role="alert" className="rounded-md bg-rose-950 p-2 text-sm text-rose-200">
            {failure}
          </p>
        )}
        <button
          type="button"
          className="rounded-md bg-violet-600 px-4 py-2 font-medium text-white disabled:opacity-40"
          disabled={blocked}
          onClick={() => void submit()}
        >
          {submitting ? 'Submitting…' : 'Submit'}
        </button>
        {promptMissing && <p className="text-xs text-zinc-400">Type a prompt to submit.</p>}
        <p className="text-xs text-zinc-500">
          Your mask and prompt are saved as you work and come back if you reopen this image.
        </p>
      </aside>
    </div>
  );
}

/** Sets the store up for a source: its saved draft, or an empty mask (and, in Edit, a fitted canvas). */
export function startSession(mode: EditorMode, source: EditorSource, imageSize: Size) {
  const key = draftKey(mode, source);
  const store = useEditorStore.getState();
  const draft = loadDraft(key);
  if (draft && (mode === 'inpaint' || (draft.doc.canvas && draft.doc.placement))) store.load(draft.doc);
  else if (mode === 'edit') {
    const canvas = { width: clampSide(imageSize.width), height: clampSide(imageSize.height) };
    store.load({ ...EMPTY_DOC, canvas, placement: fitPlacement(imageSize, canvas) });
  } else store.load(EMPTY_DOC);
  store.setTool('polygon');
}

function clampSide(side: number): number {
  return Math.min(LIMITS.canvasSide.max, Math.max(LIMITS.canvasSide.min, Math.round(side)));
}

function formatShare(share: number): string {
  if (share === 0) return '0%';
  if (share < 0.001) return '<0.1%';
  return `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
}
