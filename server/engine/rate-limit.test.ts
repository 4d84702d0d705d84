import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('lets a minute of requests through, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.take('k').allowed)).toEqual([true, true, true]);
    const refused = limiter.take('k');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(20); // 3 per minute: one every 20 s
    now += 20_000;
    expect(limiter.take('k').allowed).toBe(true);
  });

  it('keeps keys apart', () => {
    const limiter = new RateLimiter(1, () => 0);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });
});
