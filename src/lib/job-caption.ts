import { parsePrompt } from '../contract/flags';
import type { StudioTask } from '../contract/studio';

const PAN_NAMES = ['down', 'right', 'up', 'left'] as const;

/**
 * What a card says when the job has no prompt of its own (a variation, a pan, a video without text):
 * what was done to which image, read from the request that made it.
 */
export function jobCaption(job: Pick<StudioTask, 'prompt' | 'taskType' | 'request'>): string {
  if (parsePrompt(job.prompt).body) return job.prompt;
  // Only flags (e.g. "--bs 1"): say what was done, then the flags.
  return job.prompt ? `${actionCaption(job)} ${job.prompt}` : actionCaption(job);
}

function actionCaption(job: Pick<StudioTask, 'taskType' | 'request'>): string {
  const r = job.request;
  const image = typeof r.imageNo === 'number' ? `image ${r.imageNo + 1}` : 'an image';
  switch (job.taskType) {
    case 'variation':
      return `${r.type === 1 ? 'Strong' : 'Subtle'} variation of ${image}`;
    case 'pan': {
      const direction = typeof r.direction === 'number' ? PAN_NAMES[r.direction] : undefined;
      const scale = typeof r.scale === 'number' ? ` ×${r.scale}` : '';
      return `Pan ${direction ?? ''}${scale} of ${image}`.replace('  ', ' ');
    }
    case 'video_diffusion':
      return `Video of ${image}`;
    case 'inpaint':
      return `Inpaint of ${image}`;
    default:
      return 'No prompt';
  }
}
