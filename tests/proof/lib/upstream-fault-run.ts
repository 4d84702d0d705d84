import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine } from '../../../server/engine/index';
import { clickGenerate, mergeCounts } from './designers';
import { startFaultInjector, type FaultInjector } from './fault-injector';
import { unreadableResults } from './images';
import { Ledger, type Reconciliation } from './ledger';
import { startProofServer } from './proof-server';
import { studioClient } from './studio-client';

// A misbehaving upstream: a share of every call from the proxy to the engine (creates, Get Task reads,
// result downloads) answers 500, 429, garbage, very slowly, or loses its connection before or after the
// engine acted, while designers keep clicking Generate. Shared by the test and the bench.

export interface UpstreamFaultOptions {
  rate: number;
  designers: number;
  clicksEach: number;
  seed?: number;
  settleTimeoutMs?: number;
}

export interface UpstreamFaultReport {
  faults: FaultInjector['counts'];
  clicks: Record<string, number>;
  reconciliation: Reconciliation;
  /** Result files of completed tasks that do not decode (or do not load) through the studio. */
  unreadable: string[];
  /** The API key showed up in a log line. */
  keyInLogs: boolean;
  durationMs: number;
}

export async function runUpstreamFaults(options: UpstreamFaultOptions): Promise<UpstreamFaultReport> {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-faults-'));
  const apiKey = randomBytes(24).toString('base64url');
  const engine = await startEngine({
    port: 0,
    dataDir: join(dataDir, 'engine'),
    apiKey,
    timeScale: 0.02,
    points: 100_000_000,
    rateLimitPerMinute: 100_000,
    maxQueued: 10_000,
  });
  const injector = await startFaultInjector({
    target: engine.url,
    rate: options.rate,
    seed: options.seed ?? 30,
    slowMs: 2_500,
  });
  const server = await startProofServer({
    upstreamUrl: injector.url,
    apiKey,
    dataDir: join(dataDir, 'proxy'),
    tuning: {
      // Short enough that a slow answer times out within the run; the defaults are 30 s and 15 s.
      upstream: { createTimeoutMs: 1_500, readTimeoutMs: 800, retryBaseMs: 50, maxRetryAfterMs: 1_500 },
      follower: { minDelayMs: 100, maxDelayMs: 400 },
      mirror: { timeoutMs: 1_500 },
      rateLimits: {
        reads: { burst: 100_000, perSecond: 100_000 },
        writes: { burst: 100_000, perSecond: 100_000 },
      },
    },
  });
  const ledger = new Ledger();
  try {
    const prompts = ['a paper boat on a pond', 'a glass apple --ar 4:5', 'failtest: a task the engine fails'];
    const designers = Array.from({ length: options.designers }, () => studioClient({ baseUrl: server.url }));
    const clicks = mergeCounts(
      await Promise.all(
        designers.map((client, i) =>
          clickGenerate(client, ledger, { clicks: options.clicksEach, pauseMs: 150, prompts, startAt: i }),
        ),
      ),
    );
    const reader = studioClient({ baseUrl: server.url });
    await ledger.waitUntilFinal(reader, options.settleTimeoutMs ?? 60_000, 200);
    const reconciliation = await ledger.reconcile(reader);
    const faults = { ...injector.counts };
    // Results are checked with the faults off: what matters is what was kept, not this one read.
    injector.setRate(0);
    const unreadable: string[] = [];
    for (const jobId of ledger.jobIds()) {
      const answer = await reader.getTask(jobId);
      if (answer.ok) unreadable.push(...(await unreadableResults(server.url, answer.value)));
    }
    for (const d of [...designers, reader]) d.close();
    return {
      faults,
      clicks,
      reconciliation,
      unreadable,
      keyInLogs: server.logs.join('\n').includes(apiKey),
      durationMs: Date.now() - started,
    };
  } finally {
    await server.close();
    await injector.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
