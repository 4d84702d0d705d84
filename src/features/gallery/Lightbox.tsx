import { useMemo, useState } from 'react';
import type { StudioTask } from '../../contract/studio';
import { useStudioTask, useTaskList } from '../../api/studio-tasks';
import { Dialog } from '../../components/ui/Dialog';
import { useStudioUi } from '../../lib/studio-ui';
import { listQuery, useGalleryFilters } from './gallery-filters';
import { LightboxDetails } from './LightboxDetails';
import { stepLightbox } from './lightbox-steps';

function resultsOf(job: StudioTask): string[] {
  return (job.task.output.video_urls?.length ? job.task.output.video_urls : job.task.output.image_urls) ?? [];
}

/**
 * One result large. Keys: ← → step through images and jobs, 1–4 pick an image, Esc closes.
 * Loaded lazily: nothing of it is needed for the first paint.
 */
export default function Lightbox() {
  const at = useStudioUi((s) => s.lightbox);
  const open = useStudioUi((s) => s.openLightbox);
  const close = useStudioUi((s) => s.closeLightbox);
  const job = useStudioTask(at?.jobId);
  const filters = useGalleryFilters();
  const list = useTaskList(listQuery(filters));
  const sequence = useMemo(
    () =>
      (list.data?.pages.flatMap((p) => p.items) ?? []).map((j) => ({
        jobId: j.jobId,
        count: resultsOf(j).length,
      })),
    [list.data],
  );
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  if (!at) return null;
  const results = job.data ? resultsOf(job.data) : [];
  const isVideo = Boolean(job.data?.task.output.video_urls?.length);
  const imageNo = Math.min(at.imageNo, Math.max(0, results.length - 1));
  const url = results[imageNo];
  const noun = isVideo ? 'Video' : 'Image';

  function onKeyDown(e: React.KeyboardEvent<HTMLDialogElement>) {
    if (!at) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      open(stepLightbox(sequence, { jobId: at.jobId, imageNo }, e.key === 'ArrowRight' ? 1 : -1));
    } else if (/^[1-4]$/.test(e.key) && Number(e.key) <= results.length) {
      open({ jobId: at.jobId, imageNo: Number(e.key) - 1 });
    }
  }

  return (
    <Dialog
      title={`${noun} ${imageNo + 1}`}
      onClose={close}
      className="h-[calc(100dvh-2rem)] w-[min(90rem,calc(100vw-2rem))]"
      onKeyDown={onKeyDown}
    >
      <div className="flex h-[calc(100%-2.75rem)] flex-col lg:flex-row">
        <div className="relative flex min-h-0 flex-1 items-center justify-center bg-black/40 p-4">
          {!url ? (
            <p className="text-sm text-zinc-500">
              {job.isError ? 'This job could not be loaded.' : 'Nothing to show yet.'}
            </p>
          ) : isVideo ? (
            <video
              key={url}
              src={url}
              controls
              loop
              autoPlay
              muted
              playsInline
              aria-label={`Video ${imageNo + 1}`}
              className="max-h-full max-w-full rounded-md"
            />
          ) : (
            <img
              key={url}
              src={url}
              alt={`Image ${imageNo + 1}`}
              onLoad={(e) =>
                setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
              className="max-h-full max-w-full rounded-md object-contain"
            />
          )}
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
            {results.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Show ${noun.toLowerCase()} ${i + 1}`}
                aria-current={i === imageNo}
                onClick={() => open({ jobId: at.jobId, imageNo: i })}
                className="size-6 rounded-full bg-black/60 text-[11px] text-zinc-300 aria-current:bg-violet-600 aria-current:text-white"
              >
                {i + 1}
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label="Previous"
            onClick={() => open(stepLightbox(sequence, { jobId: at.jobId, imageNo }, -1))}
            className="absolute left-3 top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-black/50 text-zinc-200 hover:bg-black/80"
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Next"
            onClick={() => open(stepLightbox(sequence, { jobId: at.jobId, imageNo }, 1))}
            className="absolute right-3 top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-black/50 text-zinc-200 hover:bg-black/80"
          >
            ›
          </button>
        </div>
        {job.data && url && (
          <LightboxDetails job={job.data} imageNo={imageNo} url={url} natural={isVideo ? null : natural} />
        )}
      </div>
    </Dialog>
  );
}
