import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/proxy/logger';
import { startStudioServer, type StudioServer } from '../server/proxy/index';

// What the browser benches share: the real studio server on a free port (embedded engine, fast) and
// Debian's Chromium, or the one CHROMIUM_PATH names, as the e2e suite uses.

export function startBenchStudio(work: string, staticDir: string): Promise<StudioServer> {
  return startStudioServer({
    env: parseEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(work, 'data'),
      ENGINE_TIME_SCALE: '0.05',
      LOG_LEVEL: 'silent',
    }),
    staticDir,
    logger: createLogger({ level: 'silent' }),
  });
}

export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}
