import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { clickGenerate, mergeCounts } from './designers';
import { startFaultInjector } from './fault-injector';
import { Ledger, type Reconciliation } from './ledger';
import { freePort, startServerProcess, type ServerProcess } from './processes';
import { seededRandom } from './random';
import { studioClient } from './studio-client';

// SIGKILL, mid-task, again and again: the server (`server/main.ts`) and, in "upstream" mode, the engine
// (`server/engine/main.ts`) run as real child processes on fixed ports and are killed without warning
// while designers keep clicking Generate; each comes back on the same data folder. At the end every
// create that answered 2xx must be final, once, in the history and through Get Task.

export interface KillRunOptions {
  /** "upstream": engine and proxy as two processes (UPSTREAM_URL); "embedded": the one studio process. */
  mode: 'upstream' | 'embedded';
  kills: number;
  designers?: number;
  /** Uptime before each kill, ms (uniform in the range). */
  uptimeMs?: [number, number];
  /** Time a killed process stays down before its restart. */
  downMs?: number;
  timeScale?: number;
  seed?: number;
  settleTimeoutMs?: number;
  /** "upstream" mode: the server's UPSTREAM_URL is a fault injector in front of the engine, failing this share. */
  faultRate?: number;
}

export interface KillRunReport {
  mode: KillRunOptions['mode'];
  kills: { proxy: number; engine: number };
  /** Time from spawn to answering HTTP, per restart. */
  restartMs: number[];
  clicks: Record<string, number>;
  reconciliation: Reconciliation;
  /** Tasks the engine holds that the proxy never heard of: a create whose answer a kill swallowed. */
  upstreamOnly: number | null;
  /** Faults the injector dealt between server and engine ("upstream" mode). */
  faults: Record<string, number> | null;
  durationMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runKills(options: KillRunOptions): Promise<KillRunReport> {
  const started = Date.now();
  const random = seededRandom(options.seed ?? 9);
  const dataDir = mkdtempSync(join(tmpdir(), `studio-kills-${options.mode}-`));
  const apiKey = randomBytes(24).toString('base64url');
  const proxyPort = await freePort();
  const enginePort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const engineUrl = `http://127.0.0.1:${enginePort}`;
  const timeScale = String(options.timeScale ?? 0.05);
  const common = {
    HOST: '127.0.0.1',
    ENGINE_TIME_SCALE: timeScale,
    ENGINE_POINTS: '10000000',
    LOG_LEVEL: 'warn',
  };
  const restartMs: number[] = [];

  const timed = async (start: () => Promise<ServerProcess>) => {
    const t = Date.now();
    const child = await start();
    restartMs.push(Date.now() - t);
    return child;
  };
  const startEngineProcess = () =>
    startServerProcess({
      entry: 'server/engine/main.ts',
      env: {
        ...common,
        ENGINE_PORT: String(enginePort),
        ENGINE_API_KEY: apiKey,
        DATA_DIR: join(dataDir, 'engine-side'),
      },
      readyUrl: `${engineUrl}/api/account/balance`,
    });
  const startProxyProcess = () =>
    startServerProcess({
      entry: 'server/main.ts',
      env: {
        ...common,
        PORT: String(proxyPort),
        DATA_DIR: join(dataDir, 'studio'),
        ...(injector ? { UPSTREAM_URL: injector.url, API_KEY: apiKey } : {}),
      },
      readyUrl: `${proxyUrl}/healthz`,
    });

  let engine = options.mode === 'upstream' ? await startEngineProcess() : undefined;
  // It outlives every engine restart: the engine comes back on the same port behind it.
  const injector =
    options.mode === 'upstream'
      ? await startFaultInjector({
          target: engineUrl,
          rate: options.faultRate ?? 0,
          seed: options.seed ?? 9,
          slowMs: 2_000,
        })
      : undefined;
  let proxy = await startProxyProcess();
  const kills = { proxy: 0, engine: 0 };
  const ledger = new Ledger();
  const designers = Array.from({ length: options.designers ?? 4 }, () =>
    studioClient({ baseUrl: proxyUrl, timeoutMs: 10_000 }),
  );
  let stop = false;
  const prompts = [
    'a tin robot watering plants',
    'failtest: the engine fails this one',
    'a foggy harbour at six',
  ];
  const clicking = Promise.all(
    designers.map(async (client) => {
      const counts: Record<string, number>[] = [];
      for (let click = 0; !stop; click++)
        counts.push(
          await clickGenerate(client, ledger, { clicks: 1, pauseMs: 250, prompts, startAt: click }),
        );
      return mergeCounts(counts);
    }),
  );

  try {
    for (let k = 0; k < options.kills; k++) {
      await sleep(random.int(...(options.uptimeMs ?? [800, 2_000])));
      const victim = options.mode === 'upstream' && k % 2 === 1 ? 'engine' : 'proxy';
      kills[victim]++;
      if (victim === 'engine') {
        await engine!.kill('SIGKILL');
        await sleep(options.downMs ?? 300);
        engine = await timed(startEngineProcess);
      } else {
        await proxy.kill('SIGKILL');
        await sleep(options.downMs ?? 300);
        proxy = await timed(startProxyProcess);
      }
    }
    await sleep(500);
    stop = true;
    const clicks = mergeCounts(await clicking);
    const faults = injector ? { ...injector.counts } : null;
    injector?.setRate(0);
    const reader = studioClient({ baseUrl: proxyUrl });
    await ledger.waitUntilFinal(reader, options.settleTimeoutMs ?? 60_000, 250);
    const reconciliation = await ledger.reconcile(reader);
    reader.close();
    for (const d of designers) d.close();
    await proxy.kill('SIGTERM');
    await engine?.kill('SIGTERM');
    return {
      mode: options.mode,
      kills,
      restartMs,
      clicks,
      reconciliation,
      upstreamOnly: countUpstreamOnly(dataDir, options.mode, ledger, reconciliation),
      faults,
      durationMs: Date.now() - started,
    };
  } finally {
    stop = true;
    await proxy.kill('SIGKILL');
    await engine?.kill('SIGKILL');
    await injector?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Engine tasks minus the ones the studio knows, read from the engine's own SQLite file once it stopped. */
function countUpstreamOnly(dataDir: string, mode: KillRunOptions['mode'], ledger: Ledger, r: Reconciliation) {
  const file =
    mode === 'upstream'
      ? join(dataDir, 'engine-side', 'engine', 'engine.sqlite')
      : join(dataDir, 'studio', 'engine', 'engine.sqlite');
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true });
  try {
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM tasks').get() as { n: number };
    return n - (ledger.size + r.unexpected.length);
  } finally {
    db.close();
  }
}
