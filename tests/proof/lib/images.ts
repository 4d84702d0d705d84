import sharp from 'sharp';
import type { Task } from '../../../src/contract/task';
import { httpCall } from './http';

// After faults, a completed task must still show real pictures: each result URL, read through the
// studio's origin, must decode as an image (a garbage answer mirrored as a PNG would be lost data).

export async function unreadableResults(baseUrl: string, task: Task): Promise<string[]> {
  const urls = [...(task.output.image_urls ?? []), ...(task.output.video_urls ?? [])];
  const bad: string[] = [];
  if (task.status === 'completed' && urls.length === 0) bad.push(`${task.job_id}: completed without results`);
  for (const url of urls) {
    const absolute = new URL(url, baseUrl).href;
    try {
      const answer = await httpCall(absolute, { agent: false, timeoutMs: 10_000 });
      if (answer.status !== 200) bad.push(`${absolute}: ${answer.status}`);
      else if (url.endsWith('.mp4')) {
        if (answer.body.subarray(4, 8).toString('latin1') !== 'ftyp') bad.push(`${absolute}: not an MP4`);
      } else {
        const meta = await sharp(answer.body).metadata();
        if (!meta.width || !meta.height) bad.push(`${absolute}: no size`);
      }
    } catch (error) {
      bad.push(`${absolute}: ${(error as Error).message}`);
    }
  }
  return bad;
}
