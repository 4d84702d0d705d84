import { spawn } from 'node:child_process';

// `npm run dev`: the server (proxy + embedded engine) and Vite's dev server with HMR side by side.
// Vite forwards /api, /files and /healthz to the server (vite.config.ts).
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
