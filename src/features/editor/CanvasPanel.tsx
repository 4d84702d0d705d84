import { useState } from 'react';
import { LIMITS } from '../../contract/limits';
import { fitPlacement, resizeKeepingAspect, type Placement, type Size } from './geometry';
import { useEditorStore } from './store';

// Upload-paint's canvas: its size (presets or custom, 500–4096 px) and where the image sits on it, as
// numbers that follow the drag and resize on the canvas and move the image when edited.

const PRESETS: ReadonlyArray<{ label: string; width: number; height: number }> = [
  { label: 'Square 1:1', width: 1024, height: 1024 },
  { label: 'Landscape 3:2', width: 1536, height: 1024 },
  { label: 'Portrait 2:3', width: 1024, height: 1536 },
  { label: 'Wide 16:9', width: 1820, height: 1024 },
  { label: 'Tall 9:16', width: 1024, height: 1820 },
];

const { min, max } = LIMITS.canvasSide;

export function CanvasPanel({
  imageSize,
  canvas,
  placement,
}: {
  imageSize: Size;
  canvas: Size;
  placement: Placement;
}) {
  const setCanvas = useEditorStore((s) => s.setCanvas);
  const setPlacement = useEditorStore((s) => s.setPlacement);
  const [keepAspect, setKeepAspect] = useState(true);

  const presetValue =
    PRESETS.find((p) => p.width === canvas.width && p.height === canvas.height)?.label ?? 'custom';

  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-zinc-800 p-2">
      <legend className="px-1 text-xs text-zinc-400">Canvas</legend>
      <label className="flex flex-col gap-1 text-xs">
        Canvas size
        <select
          className="rounded bg-zinc-800 p-1 text-sm"
          value={presetValue}
          onChange={(e) => {
            const preset = PRESETS.find((p) => p.label === e.target.value);
            if (preset)
              setCanvas({ width: preset.width, height: preset.height }, fitPlacement(imageSize, preset));
          }}
        >
          {PRESETS.map((p) => (
            <option key={p.label} value={p.label}>
              {p.label} ({p.width}×{p.height})
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      <div className="grid grid-cols-2 gap-2">
        <NumberField
          label="Canvas width"
          value={canvas.width}
          min={min}
          max={max}
          onCommit={(width) => setCanvas({ ...canvas, width }, placement)}
        />
        <NumberField
          label="Canvas height"
          value={canvas.height}
          min={min}
          max={max}
          onCommit={(height) => setCanvas({ ...canvas, height }, placement)}
        />
      </div>
      <p className="text-xs text-zinc-400">Image on the canvas (px)</p>
      <div className="grid grid-cols-2 gap-2">
        <NumberField label="X" value={placement.x} onCommit={(x) => setPlacement({ ...placement, x })} />
        <NumberField label="Y" value={placement.y} onCommit={(y) => setPlacement({ ...placement, y })} />
        <NumberField
          label="Width"
          value={placement.width}
          min={1}
          onCommit={(width) =>
            setPlacement(
              keepAspect
                ? resizeKeepingAspect(placement, imageSize, 'width', width)
                : { ...placement, width },
            )
          }
        />
        <NumberField
          label="Height"
          value={placement.height}
          min={1}
          onCommit={(height) =>
            setPlacement(
              keepAspect
                ? resizeKeepingAspect(placement, imageSize, 'height', height)
                : { ...placement, height },
            )
          }
        />
      </div>
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" checked={keepAspect} onChange={(e) => setKeepAspect(e.target.checked)} />
        Keep aspect ratio
      </label>
      <button
        type="button"
        className="rounded-md bg-zinc-800 px-2 py-1 text-sm hover:bg-zinc-700"
        onClick={() => setPlacement(fitPlacement(imageSize, canvas))}
      >
        Fit image to canvas
      </button>
      <p className="text-xs text-zinc-500">
        The shaded canvas around the image will be generated. Drag the image, or its corners to resize (hold
        Shift to change its proportions).
      </p>
    </fieldset>
  );
}

interface NumberFieldProps {
  label: string;
  value: number;
  min?: number;
  max?: number;
  onCommit: (value: number) => void;
}

/**
 * A whole-pixel field that commits on Enter or when it loses focus (one undo step per edit, not per
 * keystroke), and says why when the number is out of range.
 */
function NumberField({ label, value, min: low, max: high, onCommit }: NumberFieldProps) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? String(value);
  const parsed = Number(shown);
  const problem =
    text === null
      ? null
      : !Number.isInteger(parsed) || shown.trim() === ''
        ? 'whole pixels'
        : low !== undefined && parsed < low
          ? `at least ${low}`
          : high !== undefined && parsed > high
            ? `at most ${high}`
            : null;
  function commit() {
    if (text !== null && problem === null && parsed !== value) onCommit(parsed);
    if (problem === null) setText(null);
  }
  return (
    <label className="flex flex-col gap-0.5 text-xs">
      {label}
      <input
        type="number"
        inputMode="numeric"
        className={`rounded bg-zinc-800 p-1 text-sm tabular-nums ${problem ? 'outline outline-rose-500' : ''}`}
        value={shown}
        min={low}
        max={high}
        step={1}
        aria-invalid={problem !== null}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setText(null);
        }}
      />
      {problem && <span className="text-rose-400">Must be {problem}</span>}
    </label>
  );
}
