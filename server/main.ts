import { serve } from '@hono/node-server';
import { loadEnv } from './env';
import { createProxyApp } from './proxy/app';

// Starts the studio's server: the proxy (and, without UPSTREAM_URL, the embedded engine). It only listens;
// everything else is built by the app factories so that tests can run them in-process.

const env = loadEnv();
const app = createProxyApp({ staticDir: './dist' });

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  console.log(
    `Studio on http://${info.address}:${info.port} (${env.UPSTREAM_URL ? 'upstream' : 'embedded engine'})`,
  );
});

function stop() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
