import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { Store } from '../../../server/proxy/store';
import { seedStore } from './seed-store';

it('fills a store with finished tasks the studio lists like real ones', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-seed-'));
  try {
    const { jobIds } = seedStore(dir, 120, 3);
    const store = new Store(join(dir, 'studio.sqlite'));
    expect(store.count()).toBe(120);
    expect(store.openTasks()).toEqual([]);
    const page = store.list({ limit: 200 });
    expect(page.items.map((t) => t.jobId).sort()).toEqual([...jobIds].sort());
    expect(new Set(page.items.map((t) => t.status))).toEqual(new Set(['completed', 'failed']));
    expect(page.items.some((t) => t.parentJobId !== null)).toBe(true);
    const done = page.items.find((t) => t.status === 'completed' && t.taskType === 'diffusion')!;
    expect(done.task.output.image_urls).toHaveLength(4);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
