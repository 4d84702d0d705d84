import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedStore } from '../tests/proof/lib/seed-store';
import { startServerChild } from '../tests/proof/lib/server-child';
import { studioClient } from '../tests/proof/lib/studio-client';
import type { BenchResult } from './types';

// The server's memory with 10,000 tasks stored: the store is filled through the proxy's own Store code,
// then the real server starts on it in its own process and its RSS is read from /proc: at rest, and
// after the whole history has been paged through (a gallery scrolled to the end) and searched.

const TASKS = Number(process.env.MEMORY_TASKS ?? 10_000);
const MB = 1024 * 1024;

async function settledRss(read: () => Promise<number>): Promise<number> {
  // A few reads a moment apart: the figure a person would see, not a spike while a page is built.
  let last = 0;
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 500));
    last = await read();
  }
  return last;
}

export async function run(): Promise<BenchResult[]> {
  const suite = 'memory';
  const emptyDir = mkdtempSync(join(tmpdir(), 'studio-memory-empty-'));
  const fullDir = mkdtempSync(join(tmpdir(), 'studio-memory-full-'));
  try {
    const empty = await startServerChild({ dataDir: emptyDir, logLevel: 'warn' });
    const emptyRss = await settledRss(empty.rss);
    await empty.close();

    const seedStarted = Date.now();
    seedStore(fullDir, TASKS);
    const seedMs = Date.now() - seedStarted;
    const server = await startServerChild({ dataDir: fullDir, logLevel: 'warn' });
    try {
      const restRss = await settledRss(server.rss);
      const client = studioClient({ baseUrl: server.url });
      const pageStarted = performance.now();
      const all = await client.listAll();
      const pagedMs = performance.now() - pageStarted;
      if (all.length !== TASKS) throw new Error(`the history holds ${all.length} tasks, not ${TASKS}`);
      for (const q of ['lighthouse', 'fox harbour', 'zzz']) await client.listPage({ q, limit: '200' });
      await client.listPage({ type: 'video_diffusion', limit: '200' });
      await client.listPage({ status: 'failed', limit: '200' });
      const afterRss = await settledRss(server.rss);
      client.close();
      return [
        { suite, name: 'server RSS, empty store', value: emptyRss / MB, unit: 'MB' },
        {
          suite,
          name: `server RSS, ${TASKS.toLocaleString('en')} tasks stored`,
          value: restRss / MB,
          unit: 'MB',
          goal: '<= 256 MB',
          pass: restRss <= 256 * MB,
          note: `seeded through the proxy's Store in ${(seedMs / 1000).toFixed(1)} s`,
        },
        {
          suite,
          name: `server RSS after paging all ${TASKS.toLocaleString('en')}`,
          value: afterRss / MB,
          unit: 'MB',
          goal: '<= 320 MB',
          pass: afterRss <= 320 * MB,
          note: 'whole history in pages of 200, plus searches and filters',
        },
        { suite, name: 'whole history paged (200 a page)', value: pagedMs, unit: 'ms' },
      ];
    } finally {
      await server.close();
    }
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
    rmSync(fullDir, { recursive: true, force: true });
  }
}
