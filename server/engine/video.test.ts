import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../src/contract/task';
import { VIDEO_FRAMES } from './render/video';
import { startFileServer, startTestEngine, testPicture, type TestEngine } from './test-support';

// Videos through HTTP: decoded back to frames with the same ffmpeg, and played in Chromium.

let engine: TestEngine;
let files: Awaited<ReturnType<typeof startFileServer>>;
let base: Task;

beforeAll(async () => {
  engine = await startTestEngine();
  files = await startFileServer();
  base = await engine.waitFor((await engine.create('diffusion', { text: 'mountain lake --seed 3' })).job_id);
});
afterAll(async () => {
  await engine?.close();
  await files?.close();
});

async function run(body: Record<string, unknown>) {
  const task = await engine.waitFor((await engine.create('video-diffusion', body)).job_id, undefined, 60_000);
  expect(task.status, JSON.stringify(task.error)).toBe('completed');
  return task;
}

const SMALL = 96;

/** Every frame of the MP4 at `url`, scaled to SMALL × SMALL RGB, plus the encoded frame size. */
async function decode(url: string) {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const child = spawn(ffmpegInstaller.path, [
    '-hide_banner',
    '-i',
    'pipe:0',
    '-vf',
    `scale=${SMALL}:${SMALL}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  const chunks: Buffer[] = [];
  let log = '';
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  child.stdin.on('error', () => undefined);
  child.stdin.end(bytes);
  await new Promise((resolve) => child.on('close', resolve));
  const all = Buffer.concat(chunks);
  const frameBytes = SMALL * SMALL * 3;
  const frames = Array.from({ length: all.length / frameBytes }, (_, i) =>
    all.subarray(i * frameBytes, (i + 1) * frameBytes),
  );
  const size = / (\d{2,5})x(\d{2,5})[, ]/.exec(log.slice(log.indexOf('Video:')));
  return {
    frames,
    width: Number(size?.[1]),
    height: Number(size?.[2]),
    codec: /Video: (\w+)/.exec(log)?.[1],
  };
}

function diff(a: Buffer, b: Buffer) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function small(image: Buffer) {
  return sharp(image).removeAlpha().resize(SMALL, SMALL, { fit: 'fill' }).raw().toBuffer();
}

describe('video-diffusion', () => {
  let low: Awaited<ReturnType<typeof decode>>;

  it('from a job image: --bs 1 gives one 480p H.264 MP4 of a few seconds that starts on the image', async () => {
    const task = await run({ jobId: base.job_id, imageNo: 0, prompt: 'gentle breeze --bs 1' });
    expect(task.output.video_urls).toHaveLength(1);
    expect(task.output.video_urls![0]).toMatch(/\.mp4$/);
    expect((await fetch(task.output.video_urls![0]!)).headers.get('content-type')).toBe('video/mp4');
    low = await decode(task.output.video_urls![0]!);
    expect(low.codec).toBe('h264');
    expect([low.width, low.height]).toEqual([480, 480]);
    expect(low.frames).toHaveLength(VIDEO_FRAMES);
    const first = await small(Buffer.from(await (await fetch(base.output.image_urls![0]!)).arrayBuffer()));
    expect(diff(low.frames[0]!, first)).toBeLessThan(8);
  });

  it('--motion high moves more than low', async () => {
    const task = await run({ jobId: base.job_id, imageNo: 0, prompt: 'storm --motion high --bs 1' });
    const high = await decode(task.output.video_urls![0]!);
    const travel = (v: typeof high) => diff(v.frames[0]!, v.frames.at(-1)!);
    expect(travel(high)).toBeGreaterThan(travel(low) * 2);
  });

  it('--loop ends on the first frame; without --bs there are 4 videos', async () => {
    const task = await run({ jobId: base.job_id, imageNo: 1, prompt: 'orbit --motion high --loop' });
    expect(task.output.video_urls).toHaveLength(4);
    const video = await decode(task.output.video_urls![3]!);
    expect(diff(video.frames[0]!, video.frames.at(-1)!)).toBeLessThan(3);
    expect(diff(video.frames[0]!, video.frames[Math.floor(video.frames.length / 2)]!)).toBeGreaterThan(6);
  });

  it('from an image URL in the prompt at 720p, --end ends on that image', async () => {
    const start = files.put('/start.png', await testPicture(600, 500));
    const endImage = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#1040a0' } })
      .png()
      .toBuffer();
    const end = files.put('/end.png', endImage);
    const task = await run({ prompt: `${start} dissolve into blue --end ${end} --bs 1`, videoType: 1 });
    expect(task.output.video_urls).toHaveLength(1);
    const video = await decode(task.output.video_urls![0]!);
    expect([video.width, video.height]).toEqual([864, 720]);
    expect(diff(video.frames.at(-1)!, await small(endImage))).toBeLessThan(4);
    expect(diff(video.frames[0]!, await small(await testPicture(600, 500)))).toBeLessThan(10);
  });

  it("plays in Chromium's <video>", async () => {
    const task = await run({ jobId: base.job_id, imageNo: 2, prompt: 'drift --bs 1' });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${engine.url}/files/none`).catch(() => undefined); // any page on the engine's origin
      const state = await page.evaluate(async (src) => {
        const video = document.createElement('video');
        video.muted = true;
        video.src = src;
        document.body.append(video);
        await new Promise((resolve, reject) => {
          video.onloadeddata = resolve;
          video.onerror = () => reject(new Error(`media error ${video.error?.code}`));
        });
        await video.play();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {
          readyState: video.readyState,
          duration: video.duration,
          width: video.videoWidth,
          time: video.currentTime,
        };
      }, task.output.video_urls![0]!);
      expect(state.readyState).toBeGreaterThanOrEqual(2);
      expect(state.duration).toBeCloseTo(2.5, 1);
      expect(state.width).toBe(480);
      expect(state.time).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
