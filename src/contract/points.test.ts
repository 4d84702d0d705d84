import { describe, expect, it } from 'vitest';
import { FROZEN_POINTS, pointsFor, videoBatchOf, videoPoints } from './points';

describe('points', () => {
  it('freezes the amounts of spec 2.4', () => {
    expect(FROZEN_POINTS).toEqual({
      diffusion: 80,
      pan: 80,
      inpaint: 120,
      remix: 120,
      variation: 120,
      retexture: 120,
      upload_paint: 120,
      video_diffusion: 480,
    });
  });

  it('prices video by resolution and batch', () => {
    expect(videoPoints(0, 4)).toBe(480);
    expect(videoPoints(1, 4)).toBe(1536);
    expect(videoPoints(0, 2)).toBe(240);
    expect(videoPoints(0, 1)).toBe(120);
    expect(videoPoints(1, 1)).toBe(384);
    expect(pointsFor('video_diffusion', { videoType: 1, prompt: 'drift --bs 2' })).toBe(768);
    expect(pointsFor('video_diffusion', {})).toBe(480);
    expect(pointsFor('remix')).toBe(120);
  });

  it('reads --bs, defaulting to 4', () => {
    expect(videoBatchOf('x --bs 1')).toBe(1);
    expect(videoBatchOf('x')).toBe(4);
    expect(videoBatchOf(undefined)).toBe(4);
  });
});
