import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { createEngineApp } from './app';
import { EngineService } from './service';

// The embedded engine: our own implementation of the service interface, rendering real images and
// videos. `npm start` embeds it on port 0 when no UPSTREAM_URL is set; `npm run engine` runs it alone.

export interface EngineOptions {
  host?: string; // default '127.0.0.1'
  port: number; // 0 = any free port
  dataDir: string; // the engine's own folder: sqlite + files
  apiKey: string; // the x-api-key it accepts
  timeScale: number; // multiplies simulated durations; 0 = as fast as rendering allows
  points: number; // starting balance when the store is new
  rateLimitPerMinute?: number; // per-key creation rate before 429 (default 600)
  maxQueued?: number; // tasks waiting (pending or staged) before 429 (default 100)
  logger?: Logger;
  /** First callback retry delay in ms, doubling per attempt (default 2000). */
  callbackRetryBaseMs?: number;
  /** Callback delivery attempts before giving up (default 8). */
  callbackMaxAttempts?: number;
}

export interface RunningEngine {
  /** Origin, e.g. http://127.0.0.1:43123 */
  url: string;
  close(): Promise<void>;
}

export { createEngineApp } from './app';
export { EngineService } from './service';
export { FAILURE_TRIGGER } from './failure';

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  if (!options.apiKey) throw new Error('The engine needs an API key');
  mkdirSync(options.dataDir, { recursive: true });
  const service = new EngineService(options);
  const app = createEngineApp(service, options.apiKey);
  const host = options.host ?? '127.0.0.1';
  let server: ReturnType<typeof serve>;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: app.fetch, hostname: host, port: options.port }, resolve);
    server.once('error', reject);
  });
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  service.origin = url;
  service.start();
  let closing: Promise<void> | null = null;
  return {
    url,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections (e.g. a proxy's pooled ones) must not hold the close open.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await service.close();
      })()),
  };
}
