import type pino from 'pino';
import type { TaskEvents } from './events';
import type { RateLimitOptions } from './rate-limit';
import type { Store } from './store';
import type { TaskTracker } from './tracker';
import type { Upstream } from './upstream';

/** What the app factory needs; startStudioServer and the tests build these. */
export interface ProxyDeps {
  store: Store;
  upstream: Upstream;
  tracker: TaskTracker;
  events: TaskEvents;
  logger: pino.Logger;
  /** DATA_DIR/files: uploads and mirrored results. */
  filesDir: string;
  /** The built studio (vite build output); absent or empty: only the API is served. */
  staticDir?: string;
  /** PUBLIC_URL: callbacks are accepted and file URLs are absolute on it. */
  publicUrl?: string;
  /** This server's own http origin, known once it listens (uploads' absolute URLs without PUBLIC_URL). */
  selfUrl: () => string;
  /** STUDIO_PASSWORD: when set, a login and a session are required. */
  password?: string;
  rateLimits?: RateLimitOptions;
  /** How long an event stream waits between keep-alive comments (default 15 s). */
  keepAliveMs?: number;
}
