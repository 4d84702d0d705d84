import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { taskSchema, type Task } from '../src/contract/task';
import { startEngine } from '../server/engine/index';
import type { BenchResult } from './types';

// The embedded engine's render time at time scale 0 (no simulated wait): from creation to
// `completed`, through HTTP, median of a few runs. A diffusion task is 4 images of 1024 px and a
// grid; a video task is one 480p clip (--bs 1) and, separately, the default batch of four.

const RUNS = 3;

export async function run(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engine-bench-'));
  const apiKey = 'bench-key';
  const engine = await startEngine({ port: 0, dataDir, apiKey, timeScale: 0, points: 1_000_000 });
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };

  async function timed(operation: string, body: unknown): Promise<{ ms: number; task: Task }> {
    const started = performance.now();
    const response = await fetch(`${engine.url}/api/v1/${operation}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    let task = taskSchema.parse(await response.json());
    while (task.status !== 'completed' && task.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 10));
      task = taskSchema.parse(
        await (await fetch(`${engine.url}/api/v1/job/${task.job_id}`, { headers })).json(),
      );
    }
    if (task.status !== 'completed') throw new Error(`${operation} failed: ${task.error.message}`);
    return { ms: performance.now() - started, task };
  }

  async function median(operation: string, body: (i: number) => unknown) {
    const times: number[] = [];
    let last: Task | undefined;
    for (let i = 0; i < RUNS; i++) {
      const { ms, task } = await timed(operation, body(i));
      times.push(ms);
      last = task;
    }
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)]!, task: last! };
  }

  try {
    const diffusion = await median('diffusion', (i) => ({ text: `bench lighthouse ${i} --seed ${i}` }));
    const source = { jobId: diffusion.task.job_id, imageNo: 0 };
    const video = await median('video-diffusion', (i) => ({ ...source, prompt: `bench drift ${i} --bs 1` }));
    const batch = await timed('video-diffusion', { ...source, prompt: 'bench batch' });
    const pan = await median('pan', () => ({ ...source, direction: 1, scale: 1.5 }));
    return [
      {
        suite: 'engine',
        name: 'diffusion render (4 × 1024 px + grid)',
        value: Math.round(diffusion.ms),
        unit: 'ms',
        goal: '<= 3000 ms',
        pass: diffusion.ms <= 3000,
      },
      {
        suite: 'engine',
        name: 'video render (1 × 480p, 2.5 s)',
        value: Math.round(video.ms),
        unit: 'ms',
        goal: '<= 3000 ms',
        pass: video.ms <= 3000,
      },
      {
        suite: 'engine',
        name: 'video render (default batch of 4 × 480p)',
        value: Math.round(batch.ms),
        unit: 'ms',
        note: 'one run',
      },
      { suite: 'engine', name: 'pan render (4 × 1536 × 1024)', value: Math.round(pan.ms), unit: 'ms' },
    ];
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
