import type { z } from 'zod';
import {
  diffusionBody,
  inpaintBody,
  panBody,
  remixBody,
  retextureBody,
  uploadPaintBody,
  variationBody,
  videoDiffusionBody,
} from './requests';

/** The eight operations: URL path segment → task_type and body schema (spec 1 and 4). */
export const OPERATIONS = {
  diffusion: { taskType: 'diffusion', body: diffusionBody, label: 'Imagine' },
  'video-diffusion': { taskType: 'video_diffusion', body: videoDiffusionBody, label: 'Animate' },
  inpaint: { taskType: 'inpaint', body: inpaintBody, label: 'Inpaint' },
  remix: { taskType: 'remix', body: remixBody, label: 'Remix' },
  pan: { taskType: 'pan', body: panBody, label: 'Pan' },
  variation: { taskType: 'variation', body: variationBody, label: 'Vary' },
  retexture: { taskType: 'retexture', body: retextureBody, label: 'Retexture' },
  'upload-paint': { taskType: 'upload_paint', body: uploadPaintBody, label: 'Edit' },
} as const;

export type OperationPath = keyof typeof OPERATIONS;
export type TaskType = (typeof OPERATIONS)[OperationPath]['taskType'];
export type OperationBody<P extends OperationPath> = z.infer<(typeof OPERATIONS)[P]['body']>;

export const OPERATION_PATHS = Object.keys(OPERATIONS) as OperationPath[];
export const TASK_TYPES = OPERATION_PATHS.map((p) => OPERATIONS[p].taskType);

export function isOperationPath(path: string): path is OperationPath {
  return Object.hasOwn(OPERATIONS, path);
}

export function operationPathOf(taskType: TaskType): OperationPath {
  return OPERATION_PATHS.find((p) => OPERATIONS[p].taskType === taskType)!;
}

/** The prompt a designer typed for a body, whichever field holds it. */
export function promptOf(body: Record<string, unknown>): string {
  for (const key of ['text', 'prompt', 'remixPrompt'] as const) {
    const value = body[key];
    if (typeof value === 'string') return value;
  }
  return '';
}
