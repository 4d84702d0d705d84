import { afterEach, describe, expect, it } from 'vitest';
import { Failure } from './failure';
import { createLogger } from './logger';
import { startFakeUpstream, type FakeUpstream } from './testing/fake-upstream';
import { createUpstream, retryAfterSeconds } from './upstream';

let fake: FakeUpstream | undefined;
afterEach(() => fake?.close());

const logger = createLogger({ level: 'silent' });

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, and falls back otherwise', () => {
    expect(retryAfterSeconds('7', 1)).toBe(7);
    expect(retryAfterSeconds('0.2', 1)).toBe(1);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString(), 1)).toBeGreaterThanOrEqual(29);
    expect(retryAfterSeconds('soon', 5)).toBe(5);
    expect(retryAfterSeconds(null, 3)).toBe(3);
  });
});

describe('the upstream client', () => {
  it('gives up on reads after its attempts, with the last failure', async () => {
    fake = await startFakeUpstream({ apiKey: 'k-123456' });
    const upstream = createUpstream({
      baseUrl: fake.url,
      apiKey: 'k-123456',
      logger,
      retryBaseMs: 5,
      readAttempts: 3,
    });
    fake.fail('balance', ...Array.from({ length: 3 }, () => ({ kind: 'status', status: 500 }) as const));
    const error = await upstream.balance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Failure);
    expect((error as Failure).status).toBe(502);
    expect(fake.calls.balance).toBe(3);
  });

  it('does not wait out a Retry-After longer than it may, and pauses background reads meanwhile', async () => {
    fake = await startFakeUpstream({ apiKey: 'k-123456' });
    const upstream = createUpstream({ baseUrl: fake.url, apiKey: 'k-123456', logger, maxRetryAfterMs: 1000 });
    fake.fail('balance', { kind: 'status', status: 429, retryAfter: 120 });
    const error = (await upstream.balance().catch((e: unknown) => e)) as Failure;
    expect(error.status).toBe(429);
    expect(error.headers['retry-after']).toBe('120');
    expect(upstream.pausedUntil).toBeGreaterThan(Date.now() + 100_000);
  });

  it('says 503 when nothing listens at the upstream address', async () => {
    fake = await startFakeUpstream({ apiKey: 'k-123456' });
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const upstream = createUpstream({
      baseUrl: url,
      apiKey: 'k-123456',
      logger,
      retryBaseMs: 5,
      readAttempts: 2,
    });
    const error = (await upstream.create('diffusion', { text: 'x' }).catch((e: unknown) => e)) as Failure;
    expect(error.status).toBe(503);
    expect(error.body.message).toMatch(/unreachable/);
  });
});
