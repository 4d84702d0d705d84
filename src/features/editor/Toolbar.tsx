import { useEditorStore } from './store';
import { TOOLS } from './tools/registry';

const base =
  'w-full rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline focus-visible:outline-violet-400 disabled:opacity-40';

/** Tools and mask commands, each a button named by what it does, with its shortcut in the tooltip. */
export function Toolbar() {
  const tool = useEditorStore((s) => s.tool);
  const setTool = useEditorStore((s) => s.setTool);
  const canUndo = useEditorStore((s) => s.past.length > 0);
  const canRedo = useEditorStore((s) => s.future.length > 0);
  const hasShapes = useEditorStore((s) => s.doc.shapes.length > 0 || s.doc.inverted);
  const inverted = useEditorStore((s) => s.doc.inverted);
  const selectedShape = useEditorStore((s) => s.doc.shapes.some((shape) => shape.id === s.selectedId));
  const brushSize = useEditorStore((s) => s.brushSize);
  const { undo, redo, invert, clear, deleteSelected, setBrushSize } = useEditorStore.getState();

  return (
    <nav
      className="flex w-40 shrink-0 flex-col gap-1 overflow-y-auto border-r border-zinc-800 p-2"
      aria-label="Mask tools"
    >
      <div role="toolbar" aria-label="Tools" aria-orientation="vertical" className="flex flex-col gap-0.5">
        {TOOLS.map((t) => (
          <button
            key={t.name}
            type="button"
            aria-pressed={tool === t.name}
            title={`${t.hint} (${t.shortcut})`}
            aria-keyshortcuts={t.shortcut}
            className={`${base} ${tool === t.name ? 'bg-violet-600 text-white' : 'hover:bg-zinc-800'}`}
            onClick={() => setTool(t.name)}
          >
            {t.label}
            <kbd aria-hidden="true" className="float-right text-xs opacity-60">
              {t.shortcut}
            </kbd>
          </button>
        ))}
      </div>
      {(tool === 'brush' || tool === 'eraser') && (
        <label className="mt-1 flex flex-col gap-1 text-xs text-zinc-400">
          Brush size ({brushSize} px)
          <input
            type="range"
            min={2}
            max={400}
            value={brushSize}
            onChange={(e) => setBrushSize(Number(e.target.value))}
          />
        </label>
      )}
      <hr className="my-2 border-zinc-800" />
      <button
        type="button"
        className={`${base} hover:bg-zinc-800`}
        disabled={!canUndo}
        onClick={undo}
        aria-keyshortcuts="Control+Z"
        title="Undo (Ctrl+Z)"
      >
        Undo
      </button>
      <button
        type="button"
        className={`${base} hover:bg-zinc-800`}
        disabled={!canRedo}
        onClick={redo}
        aria-keyshortcuts="Control+Shift+Z"
        title="Redo (Ctrl+Shift+Z)"
      >
        Redo
      </button>
      <button
        type="button"
        className={`${base} hover:bg-zinc-800`}
        disabled={!selectedShape}
        onClick={deleteSelected}
        aria-keyshortcuts="Delete"
        title="Delete the selected shape (Delete)"
      >
        Delete shape
      </button>
      <button
        type="button"
        className={`${base} hover:bg-zinc-800 aria-pressed:bg-violet-900`}
        aria-pressed={inverted}
        onClick={invert}
        aria-keyshortcuts="I"
        title="Repaint everything except the mask (I)"
      >
        Invert
      </button>
      <button
        type="button"
        className={`${base} hover:bg-zinc-800`}
        disabled={!hasShapes}
        onClick={clear}
        title="Remove the whole mask"
      >
        Clear
      </button>
    </nav>
  );
}
