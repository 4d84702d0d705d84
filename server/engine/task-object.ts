import { ENGINE_MODEL, ZERO_TIMESTAMP, type Task } from '../../src/contract/task';
import type { TaskType } from '../../src/contract/operations';

// The task object of spec 2.1 at creation, every field at its initial value (spec 2.2-2.5).

export function newTask(
  jobId: string,
  taskType: TaskType,
  frozen: number,
  callback: string | undefined,
  now: Date,
): Task {
  const textToImage = taskType === 'diffusion';
  const output: Task['output'] =
    taskType === 'video_diffusion'
      ? { video_urls: null, seed: '' }
      : { image_url: '', image_urls: null, seed: '' };
  return {
    job_id: jobId,
    model: ENGINE_MODEL,
    task_type: taskType,
    status: 'pending',
    config: { service_mode: 'public', webhook_config: { endpoint: callback ?? '', secret: '' } },
    input: null,
    output,
    meta: {
      // Spec 2.4: only text-to-image carries its creation time and zero timestamps at creation.
      created_at: textToImage ? now.toISOString() : '',
      started_at: textToImage ? ZERO_TIMESTAMP : '',
      ended_at: textToImage ? ZERO_TIMESTAMP : '',
      usage: { type: 'point', frozen, consume: 0 },
    },
    detail: null,
    logs: [],
    error: { code: 0, raw_message: '', message: '', detail: null },
  };
}

/** Output URLs are stored as `/files/...` paths; the API shows them on the engine's current origin. */
export function presentTask(task: Task, origin: string): Task {
  const absolute = (url: string) => (url.startsWith('/files/') ? `${origin}${url}` : url);
  const output = { ...task.output };
  if (output.image_url) output.image_url = absolute(output.image_url);
  if (output.image_urls) output.image_urls = output.image_urls.map(absolute);
  if (output.video_urls) output.video_urls = output.video_urls.map(absolute);
  return { ...task, output };
}
