import { loadEnv } from './env';
import { startStudioServer } from './proxy/index';

// `npm start`: the studio's server. Everything is built by startStudioServer; this file only starts it
// and stops it cleanly on Ctrl+C or SIGTERM.

const env = loadEnv();
try {
  const server = await startStudioServer({ env });
  console.log(`Studio on ${server.url} (${env.UPSTREAM_URL ? 'upstream' : 'embedded engine'})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 5000).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`The studio could not start: ${(error as Error).message}`);
  process.exit(1);
}
