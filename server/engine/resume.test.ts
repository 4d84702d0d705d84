import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { taskSchema, type Task } from '../../src/contract/task';
import { startEngine, type EngineOptions } from './index';
import { TEST_KEY } from './test-support';

// A graceful close (as the proxy's shutdown does) in the middle of work: the task that was rendering
// and the callback that was waiting for a retry both carry on after the next start.

const dataDir = mkdtempSync(join(tmpdir(), 'engine-resume-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (options: Partial<EngineOptions>) =>
  startEngine({ port: 0, dataDir, apiKey: TEST_KEY, timeScale: 0, points: 10_000, ...options });
const headers = { 'x-api-key': TEST_KEY, 'content-type': 'application/json' };

async function read(origin: string, jobId: string): Promise<Task> {
  return taskSchema.parse(await (await fetch(`${origin}/api/v1/job/${jobId}`, { headers })).json());
}

describe('after close() and a new start on the same folder', () => {
  it('the interrupted task completes and its undelivered callback is sent', async () => {
    let accept = false;
    const received: Task[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        if (accept) received.push(taskSchema.parse((JSON.parse(body) as { data: unknown }).data));
        response.writeHead(accept ? 200 : 503).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    // First run: one task completes but its callback is refused; another is still processing.
    const first = await start({ timeScale: 1, callbackRetryBaseMs: 300 });
    const post = async (origin: string, text: string) =>
      taskSchema.parse(
        await (
          await fetch(`${origin}/api/v1/diffusion`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ text, callback }),
          })
        ).json(),
      );
    const quick = await post(first.url, 'quick one');
    const waitFor = async (jobId: string, status: Task['status']) => {
      for (let i = 0; i < 200 && (await read(first.url, jobId)).status !== status; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await read(first.url, jobId)).status).toBe(status);
    };
    await waitFor(quick.job_id, 'completed');
    const slow = await post(first.url, 'slow one');
    await waitFor(slow.job_id, 'processing'); // 3-6 s of work ahead of it at time scale 1
    await first.close();

    // Second run: the receiver now accepts.
    accept = true;
    const second = await start({ callbackRetryBaseMs: 300 });
    try {
      let task = await read(second.url, slow.job_id);
      for (let i = 0; i < 200 && task.status !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        task = await read(second.url, slow.job_id);
      }
      expect(task.status).toBe('completed');
      for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(received.map((t) => t.job_id).sort()).toEqual([quick.job_id, slow.job_id].sort());
      expect(received.every((t) => t.status === 'completed')).toBe(true);
    } finally {
      await second.close();
      receiver.close();
    }
  }, 30_000);
});
