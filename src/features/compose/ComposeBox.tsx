import { Suspense, lazy, useState } from 'react';
import { IMAGE_FLAGS } from '../../contract/flags';
import { pointsFor } from '../../contract/points';
import { useSubmitTask } from '../../api/use-submit-task';
import { useEditorRequest } from '../../lib/editor-request';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ui/ErrorNotice';
import { FlagBuilder } from './FlagBuilder';
import { promptBody, promptIssues } from './flag-chips';

// The video and retexture panes carry the schemas and the uploader: loaded when first opened.
const VideoFromUrlForm = lazy(() => import('./forms/VideoFromUrlForm'));
const RetextureForm = lazy(() => import('./forms/RetextureForm'));

type Mode = 'image' | 'video' | 'retexture';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'image', label: 'Image' },
  { mode: 'video', label: 'Video' },
  { mode: 'retexture', label: 'Retexture' },
];

/** The top bar: what to make next. */
export function ComposeBox() {
  const [mode, setMode] = useState<Mode>('image');
  return (
    <section aria-label="Compose" className="border-b border-zinc-800/80 bg-zinc-950 px-4 pb-3 pt-2 md:px-6">
      <div
        role="tablist"
        aria-label="What to make"
        className="mb-2 flex gap-1"
        onKeyDown={(e) => {
          // Arrow keys move between tabs, as in every tab list.
          if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
          const at = MODES.findIndex((m) => m.mode === mode);
          const next = MODES[(at + (e.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length]!;
          setMode(next.mode);
          document.getElementById(`compose-tab-${next.mode}`)?.focus();
        }}
      >
        {MODES.map((m) => (
          <button
            key={m.mode}
            role="tab"
            type="button"
            id={`compose-tab-${m.mode}`}
            aria-selected={mode === m.mode}
            tabIndex={mode === m.mode ? 0 : -1}
            aria-controls={`compose-panel-${m.mode}`}
            onClick={() => setMode(m.mode)}
            className="rounded-md px-2.5 py-1 text-xs font-medium text-zinc-400 hover:text-zinc-100 aria-selected:bg-zinc-800 aria-selected:text-zinc-100"
          >
            {m.label}
          </button>
        ))}
        <button
          type="button"
          onClick={() => useEditorRequest.getState().open({ mode: 'edit', source: null })}
          className="ml-auto rounded-md px-2.5 py-1 text-xs font-medium text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
        >
          Edit an uploaded image…
        </button>
      </div>
      {/* Panels stay mounted once opened so switching tabs never loses what was typed. */}
      <div
        role="tabpanel"
        id="compose-panel-image"
        aria-labelledby="compose-tab-image"
        hidden={mode !== 'image'}
      >
        <ImagePrompt />
      </div>
      <Suspense fallback={<p className="py-3 text-sm text-zinc-500">Loading…</p>}>
        <LazyPanel mode="video" active={mode}>
          <VideoFromUrlForm />
        </LazyPanel>
        <LazyPanel mode="retexture" active={mode}>
          <RetextureForm />
        </LazyPanel>
      </Suspense>
    </section>
  );
}

function LazyPanel({ mode, active, children }: { mode: Mode; active: Mode; children: React.ReactNode }) {
  const [opened, setOpened] = useState(false);
  if (active === mode && !opened) setOpened(true);
  if (!opened && active !== mode) return null;
  return (
    <div
      role="tabpanel"
      id={`compose-panel-${mode}`}
      aria-labelledby={`compose-tab-${mode}`}
      hidden={active !== mode}
    >
      {children}
    </div>
  );
}

/** Text to image: the prompt with its flag chips, the cost, Generate. The prompt stays after Generate. */
function ImagePrompt() {
  const [prompt, setPrompt] = useState('');
  const [tried, setTried] = useState(false);
  const { submit, error, isPending, cancelRetry } = useSubmitTask(() => setTried(false));
  const issues = promptIssues(prompt);
  const empty = promptBody(prompt) === '';
  const localError =
    tried && empty
      ? 'Describe the image first.'
      : tried && issues[0]
        ? `Check the flags: ${issues[0]}.`
        : null;
  const promptError = localError ?? (error?.field ? error.message : null);

  function generate() {
    setTried(true);
    if (empty || issues.length > 0) return;
    submit({ operation: 'diffusion', body: { text: prompt.trim() } });
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        generate();
      }}
    >
      <div className="flex items-start gap-2">
        <label className="sr-only" htmlFor="prompt">
          Prompt
        </label>
        <textarea
          id="prompt"
          rows={2}
          value={prompt}
          placeholder="Describe an image, e.g. a lighthouse at dusk, oil painting --ar 16:9"
          aria-invalid={promptError ? true : undefined}
          aria-describedby={promptError ? 'prompt-error' : undefined}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              generate();
            }
          }}
          className="min-h-[3.25rem] flex-1 resize-y rounded-lg border border-zinc-800 bg-zinc-900 px-3 py-2 text-sm leading-relaxed text-zinc-100 placeholder:text-zinc-600 focus:border-violet-500/70 focus:outline-none aria-invalid:border-red-400/70"
        />
        <div className="flex flex-col items-end gap-1">
          <Button
            type="submit"
            variant="primary"
            className="h-9 px-5"
            disabled={isPending}
            title="Generate (Ctrl+Enter or ⌘+Enter in the prompt)"
          >
            Generate
          </Button>
          <span className="text-[11px] tabular-nums text-zinc-500" data-testid="compose-cost">
            {pointsFor('diffusion')} points
          </span>
        </div>
      </div>
      <FlagBuilder prompt={prompt} onChange={setPrompt} names={IMAGE_FLAGS} idPrefix="compose" />
      {promptError && (
        <p id="prompt-error" className="text-xs text-red-300">
          {promptError}
        </p>
      )}
      {error && !error.field && <ErrorNotice error={error} onDismiss={cancelRetry} />}
    </form>
  );
}
