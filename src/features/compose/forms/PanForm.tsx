import { useState } from 'react';
import { LIMITS, type PanDirectionName } from '../../../contract/limits';
import { pointsFor } from '../../../contract/points';
import { useSubmitTask } from '../../../api/use-submit-task';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { bodyIssues } from './body-issues';
import { type Size, panDirectionValue, panPreview, panResultSize } from './pan-geometry';
import { PromptField, shownIssue } from './parts';
import type { OperationFormProps } from './types';

const BOX: Size = { width: 360, height: 270 };
const ARROWS: { direction: PanDirectionName; symbol: string; place: string }[] = [
  { direction: 'up', symbol: '↑', place: 'col-start-2 row-start-1 justify-self-center' },
  { direction: 'left', symbol: '←', place: 'col-start-1 row-start-2 self-center' },
  { direction: 'right', symbol: '→', place: 'col-start-3 row-start-2 self-center' },
  { direction: 'down', symbol: '↓', place: 'col-start-2 row-start-3 justify-self-center' },
];

/**
 * Pan: the image with an arrow on each side. Hovering or focusing an arrow shows the ghost outline of
 * the result with its size in pixels; clicking it extends the image that way.
 */
export function PanForm({ source, onDone }: OperationFormProps) {
  const [scale, setScale] = useState(1.5);
  const [prompt, setPrompt] = useState('');
  const [direction, setDirection] = useState<PanDirectionName>('right');
  const [natural, setNatural] = useState<Size | null>(null);
  const { submit, error, isPending, cancelRetry } = useSubmitTask(onDone);
  const size = natural ?? { width: 1024, height: 1024 };
  const preview = panPreview(size, direction, scale, BOX);
  const result = panResultSize(size, direction, scale);
  const promptIssue = shownIssue(
    bodyIssues('pan', {
      jobId: source.jobId,
      imageNo: source.imageNo,
      direction: 0,
      scale,
      remixPrompt: prompt.trim() || undefined,
    }),
    'remixPrompt',
    prompt.length > 0,
  );

  function pan(to: PanDirectionName) {
    setDirection(to);
    const body = {
      jobId: source.jobId,
      imageNo: source.imageNo,
      direction: panDirectionValue(to),
      scale,
      ...(prompt.trim() ? { remixPrompt: prompt.trim() } : {}),
    };
    if (Object.keys(bodyIssues('pan', body)).length === 0) submit({ operation: 'pan', body });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-[auto_1fr_auto] grid-rows-[auto_1fr_auto] gap-2">
        {ARROWS.map((a) => (
          <button
            key={a.direction}
            type="button"
            aria-label={`Pan ${a.direction}`}
            disabled={isPending}
            onClick={() => pan(a.direction)}
            onMouseEnter={() => setDirection(a.direction)}
            onFocus={() => setDirection(a.direction)}
            className={`${a.place} grid size-9 place-items-center rounded-full bg-zinc-800 text-lg text-zinc-200 hover:bg-violet-600 focus-visible:bg-violet-600 focus-visible:outline-none disabled:opacity-50`}
          >
            {a.symbol}
          </button>
        ))}
        <div
          className="col-start-2 row-start-2 grid place-items-center"
          style={{ width: BOX.width, height: BOX.height }}
        >
          <div
            className="relative rounded-sm border border-dashed border-violet-400/80 bg-violet-500/10"
            style={{ width: preview.ghost.width, height: preview.ghost.height }}
            data-testid="pan-ghost"
          >
            <img
              src={source.url}
              alt={`Image ${source.imageNo + 1}`}
              onLoad={(e) =>
                setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
              className="absolute object-fill"
              style={{ ...preview.image, width: preview.image.width, height: preview.image.height }}
            />
          </div>
        </div>
      </div>
      <p className="text-center text-xs tabular-nums text-zinc-400" aria-live="polite">
        Pan {direction}: {size.width} × {size.height} →{' '}
        <span className="font-medium text-zinc-100" data-testid="pan-result-size">
          {result.width} × {result.height} px
        </span>
      </p>
      <label className="flex items-center gap-3 text-sm">
        <span className="w-12 text-xs font-medium text-zinc-400">Scale</span>
        <input
          type="range"
          aria-label="Scale"
          min={LIMITS.panScale.min}
          max={LIMITS.panScale.max}
          step={0.05}
          value={scale}
          onChange={(e) => setScale(Number(e.target.value))}
          className="flex-1 accent-violet-500"
        />
        <span className="w-12 text-right tabular-nums">×{scale.toFixed(2)}</span>
      </label>
      <PromptField
        label="Prompt for the new area (optional)"
        value={prompt}
        onChange={setPrompt}
        error={promptIssue}
        placeholder="What to paint in the extension"
      />
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-zinc-500">Click an arrow to extend the image that way.</p>
        <span className="text-xs tabular-nums text-zinc-400" data-testid="operation-cost">
          {pointsFor('pan')} points
        </span>
      </div>
      {error && <ErrorNotice error={error} onDismiss={cancelRetry} />}
    </div>
  );
}
