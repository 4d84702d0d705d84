import { useState } from 'react';
import type { StudioTask } from '../../contract/studio';
import { useHideTask, useSetFavourite, useStudioTask, useTaskList } from '../../api/studio-tasks';
import { useEditorRequest } from '../../lib/editor-request';
import { jobCaption } from '../../lib/job-caption';
import { type ImageOperation, useStudioUi } from '../../lib/studio-ui';
import { TASK_LABELS, makesImages } from '../../lib/task-labels';
import { STATUS_LABELS } from '../../lib/task-status';
import { downloadName } from '../../lib/urls';
import { buttonClass } from '../../components/ui/Button';
import { useGalleryFilters } from './gallery-filters';

const IMAGE_ACTIONS: { operation: ImageOperation; label: string }[] = [
  { operation: 'vary-subtle', label: 'Vary (Subtle)' },
  { operation: 'vary-strong', label: 'Vary (Strong)' },
  { operation: 'remix', label: 'Remix' },
  { operation: 'pan', label: 'Pan' },
  { operation: 'animate', label: 'Animate' },
  { operation: 'retexture', label: 'Retexture' },
];

interface Props {
  job: StudioTask;
  imageNo: number;
  url: string;
  natural: { width: number; height: number } | null;
}

/** The side panel: prompt, actions on this image, download, favourite and lineage. */
export function LightboxDetails({ job, imageNo, url, natural }: Props) {
  const openOperation = useStudioUi((s) => s.openOperation);
  const closeLightbox = useStudioUi((s) => s.closeLightbox);
  const favourite = useSetFavourite();
  const hide = useHideTask();
  const [copied, setCopied] = useState(false);
  const isImage = makesImages(job.taskType);
  const source = { jobId: job.jobId, imageNo };

  function openEditor(mode: 'inpaint' | 'edit') {
    closeLightbox();
    useEditorRequest.getState().open({
      mode,
      source: {
        jobId: job.jobId,
        imageNo,
        url,
        width: natural?.width ?? 1024,
        height: natural?.height ?? 1024,
        prompt: job.prompt,
      },
    });
  }

  return (
    <div className="flex w-full flex-col gap-4 overflow-y-auto p-4 text-sm lg:w-80">
      <div>
        <p className="mb-1 text-xs text-zinc-500">
          {TASK_LABELS[job.taskType]} · {STATUS_LABELS[job.status]} ·{' '}
          {job.task.meta.usage.consume || job.task.meta.usage.frozen} points
        </p>
        <p className="whitespace-pre-wrap break-words text-zinc-200">{jobCaption(job)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() =>
            void navigator.clipboard?.writeText(job.prompt).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            })
          }
        >
          {copied ? 'Copied' : 'Copy prompt'}
        </button>
        <a className={buttonClass('secondary')} href={url} download={downloadName(job.jobId, imageNo, url)}>
          Download
        </a>
        <button
          type="button"
          aria-pressed={job.favourite}
          className={buttonClass('secondary', 'aria-pressed:text-amber-200')}
          onClick={() => favourite.mutate({ jobId: job.jobId, favourite: !job.favourite })}
        >
          {job.favourite ? '★' : '☆'} Favourite
        </button>
        <button
          type="button"
          className={buttonClass('ghost')}
          disabled={hide.isPending}
          onClick={() => hide.mutate(job.jobId, { onSuccess: closeLightbox })}
        >
          Hide from gallery
        </button>
      </div>
      {job.task.output.seed && (
        <p className="text-xs text-zinc-500">
          Seed <span className="select-all tabular-nums text-zinc-300">{job.task.output.seed}</span>
        </p>
      )}
      {isImage && (
        <div>
          <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-zinc-500">
            Image {imageNo + 1}
          </h3>
          <div className="grid grid-cols-2 gap-1.5">
            {IMAGE_ACTIONS.map((a) => (
              <button
                key={a.operation}
                type="button"
                className={buttonClass('secondary', 'justify-start')}
                onClick={() => openOperation({ operation: a.operation, source })}
              >
                {a.label}
              </button>
            ))}
            <button
              type="button"
              className={buttonClass('secondary', 'justify-start')}
              onClick={() => openEditor('inpaint')}
            >
              Inpaint
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'justify-start')}
              onClick={() => openEditor('edit')}
            >
              Edit
            </button>
          </div>
        </div>
      )}
      <Lineage job={job} />
      <p className="mt-auto text-[11px] text-zinc-500">
        <kbd className="text-zinc-400">←</kbd> <kbd className="text-zinc-400">→</kbd> step ·{' '}
        <kbd className="text-zinc-400">1</kbd>–<kbd className="text-zinc-400">4</kbd> pick an image ·{' '}
        <kbd className="text-zinc-400">Esc</kbd> close
      </p>
    </div>
  );
}

function Lineage({ job }: { job: StudioTask }) {
  const parent = useStudioTask(job.parentJobId);
  const children = useTaskList({ parent: job.jobId, limit: 20 });
  const childJobs = children.data?.pages[0]?.items ?? [];
  const openLightbox = useStudioUi((s) => s.openLightbox);
  const closeLightbox = useStudioUi((s) => s.closeLightbox);
  const setFilters = useGalleryFilters((s) => s.set);
  return (
    <div>
      <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-zinc-500">Lineage</h3>
      {job.parentJobId ? (
        <button
          type="button"
          className="mb-2 flex w-full items-center gap-2 rounded-md p-1 text-left hover:bg-zinc-800"
          onClick={() => openLightbox({ jobId: job.parentJobId!, imageNo: job.parentImageNo ?? 0 })}
        >
          <Thumb job={parent.data} imageNo={job.parentImageNo ?? 0} />
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-zinc-500">Made from</span>
            <span className="block truncate text-zinc-200">
              {parent.data
                ? `${TASK_LABELS[parent.data.taskType]}: ${jobCaption(parent.data)}`
                : job.parentJobId.slice(0, 8)}
              {job.parentImageNo !== null && `, image ${job.parentImageNo + 1}`}
            </span>
          </span>
        </button>
      ) : (
        <p className="mb-2 text-xs text-zinc-500">An original: not made from another job.</p>
      )}
      {childJobs.length > 0 ? (
        <>
          <p className="mb-1 text-xs text-zinc-500">
            Made from this ({childJobs.length}
            {children.hasNextPage ? '+' : ''})
          </p>
          <ul className="flex flex-col gap-1">
            {childJobs.map((child) => (
              <li key={child.jobId}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-md p-1 text-left hover:bg-zinc-800"
                  onClick={() => openLightbox({ jobId: child.jobId, imageNo: 0 })}
                >
                  <Thumb job={child} imageNo={0} />
                  <span className="min-w-0 flex-1 truncate text-zinc-200">
                    {jobCaption(child)} · {STATUS_LABELS[child.status]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-1 text-xs text-violet-300 hover:text-violet-200"
            onClick={() => {
              setFilters({ parent: job.jobId });
              closeLightbox();
            }}
          >
            Show them in the gallery
          </button>
        </>
      ) : (
        <p className="text-xs text-zinc-500">Nothing made from this job yet.</p>
      )}
    </div>
  );
}

function Thumb({ job, imageNo }: { job: StudioTask | undefined; imageNo: number }) {
  const url = job?.task.output.image_urls?.[imageNo];
  return url ? (
    <img src={url} alt="" className="size-10 shrink-0 rounded object-cover" />
  ) : (
    <span className="size-10 shrink-0 rounded bg-zinc-800" />
  );
}
