import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { inpaintBody } from '../../contract/requests';
import { EMPTY_DOC, type Shape } from './model';
import { buildRequest, describeFailure } from './submit';

const source = {
  jobId: '0b7c5a52-4a8e-4c1e-9d7e-3f1f2c7a9b10',
  imageNo: 2,
  url: '/files/a.png',
  width: 1024,
  height: 768,
};
const imageSize = { width: 1024, height: 768 };
const rect: Shape = {
  id: 'r',
  kind: 'area',
  tool: 'rectangle',
  points: [
    { x: 10, y: 20 },
    { x: 110, y: 20 },
    { x: 110, y: 70 },
    { x: 10, y: 70 },
  ],
};
const base = {
  mode: 'inpaint' as const,
  source,
  imageSize,
  canvas: null,
  placement: { x: 0, y: 0, ...imageSize },
};

describe('buildRequest (inpaint)', () => {
  it('sends jobId + imageNo and the polygons at the image’s natural size, never imgUrl', async () => {
    const request = await buildRequest({
      ...base,
      doc: { ...EMPTY_DOC, shapes: [rect] },
      prompt: '  a red door ',
    });
    expect(request).toEqual({
      operation: 'inpaint',
      body: {
        jobId: source.jobId,
        imageNo: 2,
        mask: { areas: [{ width: 1024, height: 768, points: [10, 20, 110, 20, 110, 70, 10, 70] }] },
        remixPrompt: 'a red door',
      },
    });
    expect(inpaintBody.safeParse(request.body).success).toBe(true);
  });

  it('leaves the prompt out when none was typed', async () => {
    const request = await buildRequest({ ...base, doc: { ...EMPTY_DOC, shapes: [rect] }, prompt: '   ' });
    expect(request.body).not.toHaveProperty('remixPrompt');
  });

  it('refuses an empty mask and an image that is not from the studio, in plain words', async () => {
    await expect(buildRequest({ ...base, doc: EMPTY_DOC, prompt: '' })).rejects.toThrow(/mask is empty/);
    await expect(
      buildRequest({
        ...base,
        source: { url: '/files/u.png', width: 1024, height: 768 },
        doc: { ...EMPTY_DOC, shapes: [rect] },
        prompt: '',
      }),
    ).rejects.toThrow(/use Edit/);
  });
});

describe('describeFailure', () => {
  const apiError = (status: number, message = 'why', retry: number | null = null) =>
    new ApiError(status, { code: status, message, raw_message: '', detail: null }, retry);

  it('puts the service’s refusals in plain words', () => {
    expect(
      describeFailure(apiError(400, 'Invalid request parameters: mask.areas.0.width must be 500 to 4096')),
    ).toBe(
      'The service refused the request: Invalid request parameters: mask.areas.0.width must be 500 to 4096.',
    );
    expect(describeFailure(apiError(402))).toBe('Not enough points left for this job.');
    expect(describeFailure(apiError(429, 'slow down', 12))).toBe('Too many jobs at once. Try again in 12 s.');
    expect(describeFailure(apiError(500))).toMatch(/mask and prompt are kept/);
    expect(describeFailure(new TypeError('Failed to fetch'))).toMatch(/could not reach the server/);
  });

  it('names the field a local check refused', () => {
    const error = z
      .object({ remixPrompt: z.string().min(1, 'must not be empty') })
      .safeParse({ remixPrompt: '' }).error!;
    expect(describeFailure(error)).toBe('This request would be refused: remixPrompt must not be empty.');
  });
});
