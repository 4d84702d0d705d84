import { useId, useState } from 'react';
import { LIMITS } from '../../../contract/limits';
import { uploadFile } from '../../../api/uploads';
import { useTaskList } from '../../../api/studio-tasks';
import { describeRequestError } from '../../../lib/request-error';
import { absoluteUrl } from '../../../lib/urls';

type Source = 'none' | 'gallery' | 'upload' | 'url';

interface SourcePickerProps {
  /** What the image is for, e.g. "Source image" or "End frame"; names the controls. */
  label: string;
  value: string;
  onChange: (url: string) => void;
  optional?: boolean;
  error?: string | null;
}

const IMAGE_TASK_TYPES = [
  'diffusion',
  'variation',
  'remix',
  'pan',
  'retexture',
  'inpaint',
  'upload_paint',
] as const;

/** An image from the gallery, an uploaded file or a URL; always handed on as an absolute URL. */
export function SourcePicker({ label, value, onChange, optional = false, error }: SourcePickerProps) {
  const [source, setSource] = useState<Source>(optional ? 'none' : 'upload');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const id = useId();
  const sources: { value: Source; label: string }[] = [
    ...(optional ? [{ value: 'none' as const, label: 'None' }] : []),
    { value: 'gallery', label: 'Gallery' },
    { value: 'upload', label: 'Upload' },
    { value: 'url', label: 'URL' },
  ];

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    if (!(LIMITS.sourceImageTypes as readonly string[]).includes(file.type)) {
      setUploadError('Use a JPG, PNG or WebP image.');
      return;
    }
    if (file.size > LIMITS.sourceImageBytes) {
      setUploadError('The file is larger than 10 MB.');
      return;
    }
    setUploading(true);
    try {
      const result = await uploadFile(file, file.name);
      onChange(result.url);
    } catch (e) {
      setUploadError(describeRequestError(e).message);
    } finally {
      setUploading(false);
    }
  }

  const shownError = uploadError ?? error;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-xs font-medium text-zinc-400">{label}</legend>
      <div
        className="mb-2 inline-flex rounded-md bg-zinc-800/80 p-0.5"
        role="radiogroup"
        aria-label={`${label} from`}
      >
        {sources.map((s) => (
          <button
            key={s.value}
            type="button"
            role="radio"
            aria-checked={source === s.value}
            onClick={() => {
              setSource(s.value);
              if (s.value === 'none') onChange('');
            }}
            className="rounded px-2.5 py-1 text-sm text-zinc-300 aria-checked:bg-zinc-600 aria-checked:text-white"
          >
            {s.label}
          </button>
        ))}
      </div>
      {source === 'upload' && (
        <label className="flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-zinc-700 px-3 py-2 text-sm text-zinc-400 hover:border-zinc-500">
          <span>{uploading ? 'Uploading…' : 'Choose a JPG, PNG or WebP (at most 10 MB)'}</span>
          <input
            type="file"
            accept={LIMITS.sourceImageTypes.join(',')}
            aria-label={`Upload ${label.toLowerCase()}`}
            className="sr-only"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
      )}
      {source === 'url' && (
        <input
          id={`${id}-url`}
          type="url"
          aria-label={`${label} URL`}
          placeholder="https://…"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={shownError ? true : undefined}
          className="w-full rounded-md border border-zinc-800 bg-zinc-950 px-3 py-1.5 text-sm focus:border-violet-500/70 focus:outline-none"
        />
      )}
      {source === 'gallery' && <GalleryPick label={label} value={value} onChange={onChange} />}
      {value && source !== 'none' && source !== 'gallery' && /^https?:/.test(value) && (
        <img
          src={value}
          alt={`Chosen ${label.toLowerCase()}`}
          className="mt-2 h-20 rounded-md object-contain"
        />
      )}
      {shownError && <p className="mt-1 text-xs text-red-300">{shownError}</p>}
    </fieldset>
  );
}

function GalleryPick({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const list = useTaskList({ type: IMAGE_TASK_TYPES.join(','), status: 'completed', limit: 12 });
  const tasks = list.data?.pages[0]?.items ?? [];
  if (list.isPending) return <p className="text-sm text-zinc-500">Loading the gallery…</p>;
  if (tasks.length === 0) return <p className="text-sm text-zinc-500">No finished images yet.</p>;
  return (
    <div
      className="grid max-h-48 grid-cols-6 gap-1 overflow-y-auto pr-1"
      role="group"
      aria-label={`Pick ${label.toLowerCase()} from the gallery`}
    >
      {tasks.flatMap((task) =>
        (task.task.output.image_urls ?? []).map((url, i) => {
          const absolute = absoluteUrl(url);
          return (
            <button
              key={`${task.jobId}-${i}`}
              type="button"
              aria-pressed={value === absolute}
              aria-label={`Image ${i + 1} of “${task.prompt.slice(0, 40) || task.taskType}”`}
              onClick={() => onChange(absolute)}
              className="aspect-square overflow-hidden rounded ring-violet-400 aria-pressed:ring-2"
            >
              <img src={url} alt="" loading="lazy" className="size-full object-cover" />
            </button>
          );
        }),
      )}
    </div>
  );
}
