import { describe, expect, it } from 'vitest';
import { pointsFor } from '../../../contract/points';
import { videoDiffusionBody } from '../../../contract/requests';
import { DEFAULT_VIDEO_OPTIONS, videoPrompt } from './video-prompt';

describe('videoPrompt', () => {
  it('leaves the defaults out', () => {
    expect(videoPrompt(DEFAULT_VIDEO_OPTIONS)).toBeUndefined();
    expect(videoPrompt({ ...DEFAULT_VIDEO_OPTIONS, text: 'waves' })).toBe('waves');
  });

  it('writes each chosen option as its flag (spec 4.2)', () => {
    expect(
      videoPrompt({
        ...DEFAULT_VIDEO_OPTIONS,
        text: 'waves',
        motion: 'high',
        raw: true,
        loop: true,
        batch: 2,
      }),
    ).toBe('waves --motion high --raw --loop --bs 2');
  });

  it('an end frame replaces the loop (a loop ends on the first frame)', () => {
    expect(
      videoPrompt({ ...DEFAULT_VIDEO_OPTIONS, text: 'waves', loop: true, endUrl: 'https://x.test/end.png' }),
    ).toBe('waves --end https://x.test/end.png');
  });

  it('builds the `[url] prompt` form that the schema accepts', () => {
    const prompt = videoPrompt(
      { ...DEFAULT_VIDEO_OPTIONS, text: 'waves', batch: 1 },
      'http://127.0.0.1/files/a.png',
    );
    expect(prompt).toBe('http://127.0.0.1/files/a.png waves --bs 1');
    expect(videoDiffusionBody.safeParse({ prompt, videoType: 0 }).success).toBe(true);
  });

  it('the cost follows batch and resolution', () => {
    const one = videoPrompt({ ...DEFAULT_VIDEO_OPTIONS, batch: 1 });
    expect(pointsFor('video_diffusion', { prompt: one, videoType: 0 })).toBe(120);
    expect(pointsFor('video_diffusion', { prompt: undefined, videoType: 1 })).toBe(1536);
  });
});
