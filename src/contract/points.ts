import type { LIMITS } from './limits';
import type { TaskType } from './operations';
import { getFlag, parsePrompt } from './flags';

/** `meta.usage.frozen` at creation (spec 2.4). Video: 4 videos at 480p. */
export const FROZEN_POINTS: Record<TaskType, number> = {
  diffusion: 80,
  pan: 80,
  inpaint: 120,
  remix: 120,
  variation: 120,
  retexture: 120,
  upload_paint: 120,
  video_diffusion: 480,
};

/** Four videos: 480p 480 points, 720p 1536 (design.md); fewer videos cost proportionally less. */
const VIDEO_POINTS_FOR_FOUR = { 0: 480, 1: 1536 } as const;

export type VideoBatch = (typeof LIMITS.videoBatch)[number];

export function videoBatchOf(prompt: string | undefined): VideoBatch {
  const value = getFlag(parsePrompt(prompt ?? ''), 'bs')?.value;
  return value === '1' ? 1 : value === '2' ? 2 : 4;
}

export function videoPoints(videoType: 0 | 1 = 0, batch: VideoBatch = 4): number {
  return (VIDEO_POINTS_FOR_FOUR[videoType] * batch) / 4;
}

/** The points a request will freeze, as the studio shows them before Generate. */
export function pointsFor(taskType: TaskType, body: { prompt?: string; videoType?: number } = {}): number {
  if (taskType !== 'video_diffusion') return FROZEN_POINTS[taskType];
  return videoPoints(body.videoType === 1 ? 1 : 0, videoBatchOf(body.prompt));
}
