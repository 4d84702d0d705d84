import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client';
import { describeRequestError } from './request-error';

const body = (code: number, message: string, detail: Record<string, unknown> | null = null) => ({
  code,
  message,
  raw_message: '',
  detail,
});

describe('describeRequestError', () => {
  it('401 blames the server key, not the designer', () => {
    expect(
      describeRequestError(new ApiError(401, body(401, 'API key verification failed'), null)).message,
    ).toMatch(/refused the server's API key/);
  });

  it("401 from the studio's own login asks to log in again", () => {
    expect(
      describeRequestError(new ApiError(401, body(401, 'Log in to the studio first'), null)).message,
    ).toMatch(/session has ended/);
  });

  it('402 says there are not enough points', () => {
    expect(describeRequestError(new ApiError(402, body(402, 'insufficient'), null)).message).toMatch(
      /Not enough points/,
    );
  });

  it('403 says the prompt was refused', () => {
    expect(describeRequestError(new ApiError(403, body(403, 'sensitive'), null)).message).toMatch(
      /prompt was refused/,
    );
  });

  it('429 gives the seconds until the automatic retry, from Retry-After', () => {
    const plain = describeRequestError(new ApiError(429, body(429, 'slow down'), 7));
    expect(plain).toEqual({ retryAfterSeconds: 7, message: 'The service is busy: retrying in 7 s.' });
  });

  it('429 without Retry-After still retries, after a few seconds', () => {
    expect(describeRequestError(new ApiError(429, null, null)).retryAfterSeconds).toBe(5);
  });

  it('400 names the wrong field from detail.fields', () => {
    const error = new ApiError(
      400,
      body(400, 'Invalid request parameters: scale must be 1.1 to 3.0', {
        fields: [{ field: 'scale', message: 'must be 1.1 to 3.0' }],
      }),
      null,
    );
    expect(describeRequestError(error)).toEqual({
      field: 'scale',
      message: 'Check the scale: must be 1.1 to 3.0.',
    });
  });

  it('400 reads the field from the message when detail is empty', () => {
    const error = new ApiError(
      400,
      body(400, 'Invalid request parameters: remixPrompt must not be empty'),
      null,
    );
    expect(describeRequestError(error)).toEqual({
      field: 'remixPrompt',
      message: 'Check the prompt: must not be empty.',
    });
  });

  it('a client-side schema failure names the field too', () => {
    const result = z.object({ imgUrl: z.url() }).safeParse({ imgUrl: 'nope' });
    expect(result.success).toBe(false);
    expect(describeRequestError(result.error).field).toBe('imgUrl');
    expect(describeRequestError(result.error).message).toMatch(/^Check the source image:/);
  });

  it('a 5xx hides details and reassures that the input is kept', () => {
    expect(
      describeRequestError(new ApiError(502, body(502, 'upstream exploded at line 3'), null)).message,
    ).toBe('The service had a problem on its side. Your input is kept: try again in a moment.');
  });

  it('a network failure says the server cannot be reached', () => {
    expect(describeRequestError(new TypeError('fetch failed')).message).toMatch(/cannot be reached/);
  });
});
