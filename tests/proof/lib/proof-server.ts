import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startEngine, type EngineOptions, type RunningEngine } from '../../../server/engine/index';
import { parseEnv } from '../../../server/env';
import { startStudioServer, type StudioServer, type StudioServerOptions } from '../../../server/proxy/index';
import { createLogger } from '../../../server/proxy/logger';

// The real server in this process, in its own temporary data folder (removed on close): the proxy and
// its store, talking over loopback HTTP to the real engine. By default we start that engine ourselves
// (the same startEngine the server embeds) so that tests know its key and can set its limits; with
// `embedded: true` the server starts its own, exactly as `npm start` does.

export interface ProofServerOptions {
  timeScale?: number;
  points?: number;
  /** A given upstream (e.g. a fault injector); no engine is started then. */
  upstreamUrl?: string;
  apiKey?: string;
  /** Let startStudioServer embed the engine itself (its key stays unknown to the test). */
  embedded?: boolean;
  /** The engine's own limits (ignored with upstreamUrl or embedded). */
  engine?: Pick<EngineOptions, 'rateLimitPerMinute' | 'maxQueued' | 'callbackRetryBaseMs'>;
  publicUrl?: string;
  dataDir?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  tuning?: StudioServerOptions['tuning'];
  logLevel?: string;
}

export interface ProofServer extends StudioServer {
  dataDir: string;
  /** The key the proxy sends upstream ('' when embedded: the server made its own). */
  apiKey: string;
  /** The engine we started, if any. */
  engine?: RunningEngine;
  /** Every log line the server wrote (at `logLevel`, default warn), for leak and error checks. */
  logs: string[];
}

export async function startProofServer(options: ProofServerOptions = {}): Promise<ProofServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-proof-'));
  const level = options.logLevel ?? 'warn';
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (logs.length < 10_000) logs.push(chunk.toString('utf8'));
      done();
    },
  });

  let engine: RunningEngine | undefined;
  let upstreamUrl = options.upstreamUrl;
  let apiKey = options.apiKey ?? '';
  if (!upstreamUrl && !options.embedded) {
    apiKey = apiKey || randomBytes(24).toString('base64url');
    engine = await startEngine({
      port: 0,
      dataDir: join(dataDir, 'engine'),
      apiKey,
      timeScale: options.timeScale ?? 0.02,
      points: options.points ?? 10_000_000,
      logger: createLogger({ level, secrets: [apiKey], destination }),
      ...options.engine,
    });
    upstreamUrl = engine.url;
  }

  const env = parseEnv({
    HOST: '127.0.0.1',
    PORT: String(options.port ?? 0),
    DATA_DIR: dataDir,
    ENGINE_TIME_SCALE: String(options.timeScale ?? 0.02),
    ENGINE_POINTS: String(options.points ?? 10_000_000),
    UPSTREAM_URL: upstreamUrl,
    API_KEY: apiKey || undefined,
    PUBLIC_URL: options.publicUrl,
    LOG_LEVEL: options.embedded ? 'silent' : level,
  });
  // The server's own logger (with its redaction), so a leak check sees exactly what an operator would.
  const logger = apiKey ? createLogger({ level, secrets: [apiKey], destination }) : undefined;
  const server = await startStudioServer({ env, logger, tuning: options.tuning });
  return {
    ...server,
    dataDir,
    apiKey,
    engine,
    logs,
    async close() {
      await server.close();
      await engine?.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
