// A per-client token bucket. Reads (GET/HEAD) and writes are counted apart, so a studio polling many
// jobs never starves its own Generate button, and writes (which spend points) stay tightly bounded.

export interface BucketLimit {
  /** Requests allowed at once. */
  burst: number;
  /** Requests regained per second. */
  perSecond: number;
}

export interface RateLimitOptions {
  reads: BucketLimit;
  writes: BucketLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  reads: { burst: 600, perSecond: 50 },
  writes: { burst: 60, perSecond: 5 },
};

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: RateLimitOptions = DEFAULT_RATE_LIMITS) {}

  /** Takes one request from the client's bucket: 0 when allowed, else the seconds to wait. */
  take(client: string, kind: 'reads' | 'writes', now = Date.now()): number {
    const limit = this.limits[kind];
    const key = `${kind}:${client}`;
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.prune(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
  }

  /** Forgets clients whose buckets have refilled: they are the same as new ones. */
  private prune(now: number) {
    for (const [key, bucket] of this.buckets) {
      const limit = this.limits[key.startsWith('reads:') ? 'reads' : 'writes'];
      if (bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond >= limit.burst)
        this.buckets.delete(key);
    }
  }
}
