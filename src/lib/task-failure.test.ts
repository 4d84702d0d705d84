import { describe, expect, it } from 'vitest';
import { describeTaskFailure } from './task-failure';

const error = (code: number, message: string, raw_message = '') => ({ code, message, raw_message });

describe('describeTaskFailure', () => {
  it('passes on the service reason once, without repeating "failed"', () => {
    expect(
      describeTaskFailure(error(10001, 'Generation failed: the prompt asked the engine to fail (failtest)')),
    ).toBe(
      'The job failed: the prompt asked the engine to fail (failtest). Retry runs it again with the same inputs.',
    );
  });

  it('explains the well-known codes in plain words', () => {
    expect(describeTaskFailure(error(403, 'sensitive'))).toMatch(
      /content filter refused this prompt \(sensitive\)/,
    );
    expect(describeTaskFailure(error(402, ''))).toMatch(/ran out of points/);
  });

  it('says so when the service gives no reason', () => {
    expect(describeTaskFailure(error(0, '', ''))).toBe(
      'The job failed without saying why. Retry runs it again with the same inputs.',
    );
    expect(describeTaskFailure(error(1, '', 'raw reason'))).toMatch(/raw reason/);
  });
});
