import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { parseEnv } from '../../../server/env';
import { startStudioServer, type StudioServer, type StudioServerOptions } from '../../../server/proxy/index';

// The real server (proxy + store + embedded engine over loopback HTTP, or a given upstream) in this
// process, in its own temporary data folder that is removed on close.

export interface ProofServerOptions {
  timeScale?: number;
  points?: number;
  upstreamUrl?: string;
  apiKey?: string;
  publicUrl?: string;
  dataDir?: string;
  tuning?: StudioServerOptions['tuning'];
  logLevel?: string;
}

export interface ProofServer extends StudioServer {
  dataDir: string;
}

export async function startProofServer(options: ProofServerOptions = {}): Promise<ProofServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-proof-'));
  const env = parseEnv({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ENGINE_TIME_SCALE: String(options.timeScale ?? 0.02),
    ENGINE_POINTS: String(options.points ?? 10_000_000),
    UPSTREAM_URL: options.upstreamUrl,
    API_KEY: options.apiKey,
    PUBLIC_URL: options.publicUrl,
    LOG_LEVEL: options.logLevel ?? 'silent',
  });
  const server = await startStudioServer({
    env,
    logger: pino({ level: options.logLevel ?? 'silent' }),
    tuning: options.tuning,
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
