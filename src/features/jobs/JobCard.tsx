import { memo } from 'react';
import type { StudioTask } from '../../contract/studio';
import type { Task } from '../../contract/task';
import { useSetFavourite } from '../../api/studio-tasks';
import { useLiveTask } from '../../api/tasks';
import { useSubmitTask } from '../../api/use-submit-task';
import { ErrorNotice } from '../../components/ui/ErrorNotice';
import { formatElapsed, parseTimestamp } from '../../lib/elapsed';
import { useStudioUi } from '../../lib/studio-ui';
import { describeTaskFailure } from '../../lib/task-failure';
import { OPERATION_PATH_OF, TASK_LABELS } from '../../lib/task-labels';
import { isTerminal } from '../../lib/task-status';
import { JobMedia } from './JobMedia';
import { jobCaption } from '../../lib/job-caption';
import { StatusBadge } from './StatusBadge';
import { useNow } from './use-now';

/**
 * One job: its results, status, elapsed time and points; Retry when it failed. Memoised: while the
 * gallery scrolls, rows re-render every frame, and a card only needs to when its job changed.
 */
export const JobCard = memo(function JobCard({ job }: { job: StudioTask }) {
  // A finished job needs no polling and no ticking clock: the cheap path for most of the gallery.
  return isTerminal(job.task.status) ? (
    <JobCardView job={job} task={job.task} now={null} />
  ) : (
    <LiveJobCard job={job} />
  );
});

function LiveJobCard({ job }: { job: StudioTask }) {
  const task = useLiveTask(job.task, job.createdAt);
  const now = useNow(!isTerminal(task.status));
  return <JobCardView job={job} task={task} now={isTerminal(task.status) ? null : now} />;
}

/** `now` is the ticking clock while the job runs, null once it has ended. */
function JobCardView({ job, task, now }: { job: StudioTask; task: Task; now: number | null }) {
  const openLightbox = useStudioUi((s) => s.openLightbox);
  const favourite = useSetFavourite();

  const started = parseTimestamp(job.createdAt) ?? parseTimestamp(task.meta.created_at) ?? 0;
  const ended = now ?? parseTimestamp(task.meta.ended_at) ?? parseTimestamp(job.updatedAt) ?? started;
  const points = task.meta.usage.consume || task.meta.usage.frozen;
  const label = TASK_LABELS[job.taskType];

  return (
    <article
      aria-label={`${label}: ${jobCaption(job).slice(0, 200)}`}
      data-job-id={job.jobId}
      data-status={task.status}
      className="overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 [contain:layout_paint]"
    >
      <JobMedia task={task} onOpen={(imageNo) => openLightbox({ jobId: job.jobId, imageNo })} />
      <div className="flex flex-col gap-1.5 p-2.5">
        <p className="line-clamp-2 min-h-[2.5em] text-xs leading-snug text-zinc-300" title={job.prompt}>
          {jobCaption(job)}
        </p>
        <div className="flex items-center gap-2 whitespace-nowrap text-[11px] text-zinc-500">
          <span className="font-medium text-zinc-400">{label}</span>
          <StatusBadge status={task.status} />
          <span className="tabular-nums" title="Elapsed time" data-testid="elapsed">
            {formatElapsed(ended - started)}
          </span>
          <span
            className="tabular-nums"
            title={task.status === 'completed' ? 'Points spent' : 'Points reserved'}
          >
            {points} pts
          </span>
          <button
            type="button"
            aria-label="Favourite"
            aria-pressed={job.favourite}
            onClick={() => favourite.mutate({ jobId: job.jobId, favourite: !job.favourite })}
            className="ml-auto rounded px-1 text-base leading-none text-zinc-600 hover:text-amber-300 aria-pressed:text-amber-300"
          >
            {job.favourite ? '★' : '☆'}
          </button>
        </div>
        {task.status === 'failed' && <FailureNotice job={job} error={task.error} />}
      </div>
    </article>
  );
}

/** Why the job failed, in plain words, and Retry with the very same request. */
function FailureNotice({ job, error }: { job: StudioTask; error: StudioTask['task']['error'] }) {
  const retry = useSubmitTask();
  return (
    <div className="flex flex-col gap-2 rounded-md bg-red-500/10 p-2">
      <p className="text-xs text-red-100" data-testid="failure-reason">
        {describeTaskFailure(error)}
      </p>
      <button
        type="button"
        disabled={retry.isPending}
        onClick={() =>
          retry.submit({ operation: OPERATION_PATH_OF[job.taskType], body: job.request } as Parameters<
            typeof retry.submit
          >[0])
        }
        className="self-start rounded-md bg-zinc-800 px-2.5 py-1 text-xs font-medium text-zinc-100 hover:bg-zinc-700"
      >
        Retry
      </button>
      <ErrorNotice error={retry.error} onDismiss={retry.cancelRetry} />
    </div>
  );
}
