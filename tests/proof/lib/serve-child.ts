import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startProofServer, type ProofServerOptions } from './proof-server';

// The real server as its own process, with the tuning only the app factory takes (rate limits, follower
// pace), so that a bench can read its RSS from /proc without counting the load generator's memory.
// Config: the PROOF_SERVER JSON env var (ProofServerOptions). Prints `listening <url>` when up, and
// every 2 s its event-loop delay, which tells a busy server from a starved machine.

const options = JSON.parse(process.env.PROOF_SERVER ?? '{}') as ProofServerOptions;
const server = await startProofServer(options);
console.log(`listening ${server.url}`);

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number) => (ns / 1e6).toFixed(1);
setInterval(() => {
  console.log(
    `eventloop p50=${ms(delay.percentile(50))} p99=${ms(delay.percentile(99))} max=${ms(delay.max)}`,
  );
}, 2_000).unref();

const stop = () => {
  void server.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
