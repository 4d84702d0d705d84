import type { OperationPath, TaskType } from '../contract/operations';

// Names and paths of the operations, as the studio shows them. The same facts as OPERATIONS in the
// contract, repeated here because that module brings every schema (and zod) into the first load.

export const TASK_LABELS: Record<TaskType, string> = {
  diffusion: 'Imagine',
  video_diffusion: 'Animate',
  inpaint: 'Inpaint',
  remix: 'Remix',
  pan: 'Pan',
  variation: 'Vary',
  retexture: 'Retexture',
  upload_paint: 'Edit',
};

export const OPERATION_PATH_OF: Record<TaskType, OperationPath> = {
  diffusion: 'diffusion',
  video_diffusion: 'video-diffusion',
  inpaint: 'inpaint',
  remix: 'remix',
  pan: 'pan',
  variation: 'variation',
  retexture: 'retexture',
  upload_paint: 'upload-paint',
};

export const TASK_TYPE_LIST = Object.keys(TASK_LABELS) as TaskType[];

/** Image-producing operations (their results can be varied, panned, animated, ...). */
export function makesImages(taskType: TaskType): boolean {
  return taskType !== 'video_diffusion';
}
