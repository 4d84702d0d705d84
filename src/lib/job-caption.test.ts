import { describe, expect, it } from 'vitest';
import { jobCaption } from './job-caption';

describe('jobCaption', () => {
  it('is the prompt when there is one', () => {
    expect(jobCaption({ prompt: 'a fox', taskType: 'remix', request: {} })).toBe('a fox');
  });

  it('says what was done to which image otherwise', () => {
    expect(jobCaption({ prompt: '', taskType: 'variation', request: { imageNo: 0, type: 1 } })).toBe(
      'Strong variation of image 1',
    );
    expect(jobCaption({ prompt: '', taskType: 'variation', request: { imageNo: 3, type: 0 } })).toBe(
      'Subtle variation of image 4',
    );
    expect(
      jobCaption({ prompt: '', taskType: 'pan', request: { imageNo: 1, direction: 1, scale: 1.5 } }),
    ).toBe('Pan right ×1.5 of image 2');
    expect(jobCaption({ prompt: '', taskType: 'video_diffusion', request: { imageNo: 2 } })).toBe(
      'Video of image 3',
    );
    expect(jobCaption({ prompt: '', taskType: 'diffusion', request: {} })).toBe('No prompt');
  });

  it('puts flags-only prompts after what was done', () => {
    expect(
      jobCaption({ prompt: '--motion high --bs 1', taskType: 'video_diffusion', request: { imageNo: 0 } }),
    ).toBe('Video of image 1 --motion high --bs 1');
  });
});
