import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { generatedKey, loadEnv } from '../env';
import { startEngine } from './index';

// `npm run engine`: the engine alone. Without ENGINE_API_KEY a key is generated once and kept in
// <DATA_DIR>/engine/engine.key (mode 0600); we print where it is, never the key itself.

const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL });
const dataDir = resolve(env.DATA_DIR, 'engine');
mkdirSync(dataDir, { recursive: true });

function engineKey(): string {
  if (env.ENGINE_API_KEY) return env.ENGINE_API_KEY;
  const keyFile = join(dataDir, 'engine.key');
  if (existsSync(keyFile)) {
    const key = readFileSync(keyFile, 'utf8').trim();
    if (key) {
      console.log(`Engine API key: read from ${keyFile}`);
      return key;
    }
  }
  const key = generatedKey();
  writeFileSync(keyFile, key + '\n', { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  console.log(`Engine API key: generated and stored in ${keyFile}`);
  return key;
}

const engine = await startEngine({
  host: env.HOST,
  port: env.ENGINE_PORT,
  dataDir,
  apiKey: engineKey(),
  timeScale: env.ENGINE_TIME_SCALE,
  points: env.ENGINE_POINTS,
  logger,
});
// Machine-readable on purpose: tests and scripts parse this line to learn the port.
console.log(`Engine listening on ${engine.url}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 5000).unref();
  await engine.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
