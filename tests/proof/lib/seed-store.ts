import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationPath } from '../../../src/contract/operations';
import { newTask } from '../../../server/engine/task-object';
import { Store } from '../../../server/proxy/store';
import { seededRandom } from './random';

// Fills a studio data folder with `count` finished tasks through the proxy's own Store (insert, then
// advance to completed or failed), exactly the rows a long-used studio would hold, without rendering
// 40,000 images first. Mix: mostly text-to-image, with variations, pans and videos made from them.

const WORDS = 'lighthouse fox teapot harbour greenhouse glacier orchard tram lantern heron kettle dune'.split(
  ' ',
);

export function seedStore(dataDir: string, count: number, seed = 10_000): { jobIds: string[] } {
  mkdirSync(dataDir, { recursive: true });
  const store = new Store(join(dataDir, 'studio.sqlite'));
  const random = seededRandom(seed);
  const jobIds: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const jobId = randomUUID();
      const parent = jobIds.length > 0 && random.next() < 0.2 ? random.pick(jobIds) : undefined;
      const operation: OperationPath = !parent
        ? 'diffusion'
        : random.pick(['variation', 'pan', 'video-diffusion'] as const);
      const words = Array.from({ length: random.int(4, 14) }, () => random.pick(WORDS)).join(' ');
      const request: Record<string, unknown> =
        operation === 'diffusion'
          ? { text: `${words} --ar ${random.pick(['1:1', '3:2', '16:9'])}` }
          : operation === 'variation'
            ? { jobId: parent, imageNo: random.int(0, 3), type: random.int(0, 1) }
            : operation === 'pan'
              ? { jobId: parent, imageNo: random.int(0, 3), direction: random.int(0, 3), scale: 1.5 }
              : { jobId: parent, imageNo: random.int(0, 3), prompt: `${words} --motion low` };
      const taskType = operation === 'video-diffusion' ? 'video_diffusion' : operation;
      const frozen = taskType === 'video_diffusion' ? 480 : taskType === 'variation' ? 120 : 80;
      const task = newTask(jobId, taskType, frozen, undefined, new Date(Date.now() - (count - i) * 60_000));
      store.insert({ operation, request, task, callbackToken: null, userCallback: null });
      const failed = random.next() < 0.03;
      const files = (n: number, ext: string) =>
        Array.from({ length: n }, (_, k) => `/files/results/${jobId}/${k}.${ext}`);
      const output = failed
        ? task.output
        : taskType === 'video_diffusion'
          ? { video_urls: files(4, 'mp4'), seed: String(random.int(1, 1e9)) }
          : {
              image_url: `/files/results/${jobId}/grid.png`,
              image_urls: files(4, 'png'),
              seed: String(random.int(1, 1e9)),
            };
      store.advance(
        jobId,
        {
          ...task,
          status: failed ? 'failed' : 'completed',
          output,
          meta: { ...task.meta, usage: { ...task.meta.usage, consume: failed ? 0 : frozen } },
          error: failed
            ? { code: 10002, raw_message: '', message: 'Generation failed while rendering', detail: null }
            : task.error,
        },
        failed ? undefined : output,
      );
      jobIds.push(jobId);
    }
  } finally {
    store.close();
  }
  return { jobIds };
}
