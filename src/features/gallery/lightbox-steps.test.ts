import { describe, expect, it } from 'vitest';
import { stepLightbox } from './lightbox-steps';

const jobs = [
  { jobId: 'a', count: 4 },
  { jobId: 'pending', count: 0 },
  { jobId: 'b', count: 2 },
];

describe('stepLightbox', () => {
  it('steps through the images of a job', () => {
    expect(stepLightbox(jobs, { jobId: 'a', imageNo: 1 }, 1)).toEqual({ jobId: 'a', imageNo: 2 });
    expect(stepLightbox(jobs, { jobId: 'a', imageNo: 1 }, -1)).toEqual({ jobId: 'a', imageNo: 0 });
  });

  it('moves on to the next job with results, skipping running ones', () => {
    expect(stepLightbox(jobs, { jobId: 'a', imageNo: 3 }, 1)).toEqual({ jobId: 'b', imageNo: 0 });
    expect(stepLightbox(jobs, { jobId: 'b', imageNo: 0 }, -1)).toEqual({ jobId: 'a', imageNo: 3 });
  });

  it('stays put at either end and on an unknown job', () => {
    expect(stepLightbox(jobs, { jobId: 'b', imageNo: 1 }, 1)).toEqual({ jobId: 'b', imageNo: 1 });
    expect(stepLightbox(jobs, { jobId: 'a', imageNo: 0 }, -1)).toEqual({ jobId: 'a', imageNo: 0 });
    expect(stepLightbox(jobs, { jobId: 'zzz', imageNo: 0 }, 1)).toEqual({ jobId: 'zzz', imageNo: 0 });
  });
});
