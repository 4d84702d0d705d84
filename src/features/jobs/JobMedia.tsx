import type { Task } from '../../contract/task';
import { STATUS_LABELS } from '../../lib/task-status';

interface JobMediaProps {
  task: Task;
  onOpen: (imageNo: number) => void;
}

/** The job's results: four images (or videos) in a grid, or a calm placeholder while it runs. */
export function JobMedia({ task, onOpen }: JobMediaProps) {
  const images = task.output.image_urls ?? [];
  const videos = task.output.video_urls ?? [];
  if (task.status !== 'completed') {
    return (
      <div className="grid aspect-square place-items-center bg-zinc-900">
        {task.status === 'failed' ? (
          <span aria-hidden className="text-3xl text-red-300/60">
            !
          </span>
        ) : (
          <div className="flex flex-col items-center gap-2 text-xs text-zinc-500">
            <span
              aria-hidden
              className="size-6 animate-spin rounded-full border-2 border-zinc-700 border-t-violet-400"
            />
            {STATUS_LABELS[task.status]}…
          </div>
        )}
      </div>
    );
  }
  if (videos.length > 0) {
    return (
      <div className={`grid aspect-square gap-0.5 ${videos.length > 1 ? 'grid-cols-2' : ''}`}>
        {videos.map((url, i) => (
          <button
            key={url}
            type="button"
            aria-label={`Video ${i + 1}`}
            onClick={() => onOpen(i)}
            onFocus={(e) =>
              void e.currentTarget
                .querySelector('video')
                ?.play()
                .catch(() => undefined)
            }
            onBlur={(e) => e.currentTarget.querySelector('video')?.pause()}
            className="group relative overflow-hidden bg-black focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-400"
          >
            {/* Hover or keyboard focus previews the clip, muted; the lightbox plays it with controls. */}
            <video
              src={url}
              muted
              loop
              playsInline
              preload="metadata"
              className="size-full object-cover"
              onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
              onMouseLeave={(e) => e.currentTarget.pause()}
            />
            <span
              aria-hidden
              className="absolute bottom-1 left-1 rounded bg-black/60 px-1 text-[10px] text-white group-hover:hidden"
            >
              ▶
            </span>
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className={`grid aspect-square gap-0.5 ${images.length > 1 ? 'grid-cols-2' : ''}`}>
      {images.map((url, i) => (
        <button
          key={url}
          type="button"
          aria-label={`Image ${i + 1}`}
          onClick={() => onOpen(i)}
          className="overflow-hidden bg-zinc-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-400"
        >
          <img
            src={url}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 hover:scale-[1.03]"
          />
        </button>
      ))}
    </div>
  );
}
