import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type pino from 'pino';
import { startEngine } from '../engine/index';
import { generatedKey, type Env } from '../env';
import { createProxyApp } from './app';
import { TaskEvents } from './events';
import { Follower, type FollowerOptions } from './follower';
import { createLogger } from './logger';
import type { RateLimitOptions } from './rate-limit';
import { Store } from './store';
import { TaskTracker } from './tracker';
import { createUpstream, type Upstream, type UpstreamOptions } from './upstream';

export { createProxyApp } from './app';

export interface ProxyOptions {
  dataDir: string;
  upstreamUrl: string;
  apiKey: string;
  logger: pino.Logger;
  staticDir?: string;
  publicUrl?: string;
  password?: string;
  selfUrl: () => string;
  rateLimits?: RateLimitOptions;
  freshnessMs?: number;
  readWaitMs?: number;
  follower?: Pick<
    FollowerOptions,
    'minDelayMs' | 'maxDelayMs' | 'concurrency' | 'giveUpAfterNotFound' | 'giveUpAfterMs'
  >;
  upstream?: Partial<Omit<UpstreamOptions, 'baseUrl' | 'apiKey' | 'logger'>>;
  mirror?: { timeoutMs?: number; maxBytes?: number };
  keepAliveMs?: number;
}

export interface Proxy {
  app: ReturnType<typeof createProxyApp>;
  store: Store;
  upstream: Upstream;
  tracker: TaskTracker;
  follower: Follower;
  events: TaskEvents;
  /** Stops following and closes the store (the caller closes any listening server first). */
  close(): Promise<void>;
}

/** Everything but the listening socket: store, upstream client, tracker, follower and the app. */
export function createProxy(options: ProxyOptions): Proxy {
  const dataDir = resolve(options.dataDir);
  const filesDir = join(dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  const logger = options.logger;
  const store = new Store(join(dataDir, 'studio.sqlite'));
  const upstream = createUpstream({
    ...options.upstream,
    baseUrl: options.upstreamUrl,
    apiKey: options.apiKey,
    logger,
  });
  const events = new TaskEvents();
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const tracker = new TaskTracker({
    store,
    upstream,
    events,
    logger,
    freshnessMs: options.freshnessMs,
    readWaitMs: options.readWaitMs,
    callbackUrl: publicUrl ? (token) => `${publicUrl}/api/studio/callbacks/${token}` : undefined,
    mirror: {
      filesDir,
      ...options.mirror,
      fileUrl: (path) => (publicUrl ? `${publicUrl}/files/${path}` : `/files/${path}`),
    },
  });
  const follower = new Follower({ store, tracker, upstream, logger, ...options.follower });
  const app = createProxyApp({
    store,
    upstream,
    tracker,
    events,
    logger,
    filesDir,
    staticDir: options.staticDir ? resolve(options.staticDir) : undefined,
    publicUrl,
    selfUrl: options.selfUrl,
    password: options.password,
    rateLimits: options.rateLimits,
    keepAliveMs: options.keepAliveMs,
  });
  return {
    app,
    store,
    upstream,
    tracker,
    follower,
    events,
    async close() {
      await follower.stop();
      await tracker.settle();
      store.close();
    },
  };
}

export interface StudioServerOptions {
  env: Env;
  /** The built studio; default 'dist'. */
  staticDir?: string;
  logger?: pino.Logger;
  /** Knobs for tests and the load test; production uses the defaults. */
  tuning?: Pick<
    ProxyOptions,
    'rateLimits' | 'freshnessMs' | 'readWaitMs' | 'follower' | 'upstream' | 'mirror'
  >;
}

export interface StudioServer {
  url: string;
  proxy: Proxy;
  close(): Promise<void>;
}

/**
 * What `npm start` runs: the store, the embedded engine when no UPSTREAM_URL is given, the app on
 * HOST:PORT (PORT 0 picks a free one; `url` tells which) and the follower.
 */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const { env } = options;
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const apiKey = env.UPSTREAM_URL ? env.API_KEY! : generatedKey();
  const logger =
    options.logger ??
    createLogger({ level: env.LOG_LEVEL, secrets: [apiKey, env.STUDIO_PASSWORD, env.ENGINE_API_KEY] });

  const engine = env.UPSTREAM_URL
    ? undefined
    : await startEngine({
        host: '127.0.0.1',
        port: 0,
        dataDir: join(dataDir, 'engine'),
        apiKey,
        timeScale: env.ENGINE_TIME_SCALE,
        points: env.ENGINE_POINTS,
        logger: logger.child({ part: 'engine' }),
      });

  let selfUrl = '';
  const proxy = createProxy({
    ...options.tuning,
    dataDir,
    upstreamUrl: env.UPSTREAM_URL ?? engine!.url,
    apiKey,
    logger: logger.child({ part: 'proxy' }),
    staticDir: options.staticDir ?? 'dist',
    publicUrl: env.PUBLIC_URL,
    password: env.STUDIO_PASSWORD,
    selfUrl: () => selfUrl,
  });

  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolveListen, reject) => {
      const s = serve({ fetch: proxy.app.fetch, hostname: env.HOST, port: env.PORT }, () => resolveListen(s));
      s.once('error', reject);
    });
  } catch (error) {
    await proxy.close();
    await engine?.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const reachableHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  selfUrl = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${address.port}`;
  proxy.follower.start();
  logger.info(
    {
      url: selfUrl,
      upstream: env.UPSTREAM_URL ? 'UPSTREAM_URL' : 'embedded engine',
      password: !!env.STUDIO_PASSWORD,
    },
    'studio listening',
  );

  let closing: Promise<void> | undefined;
  return {
    url: selfUrl,
    proxy,
    close() {
      closing ??= (async () => {
        await new Promise<void>((done) => {
          server.close(() => done());
          // Event streams never end by themselves.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await proxy.close();
        await engine?.close();
      })();
      return closing;
    },
  };
}
