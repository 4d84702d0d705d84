import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { build } from 'vite';
import type { StudioServer } from '../server/proxy/index';
import { launchBenchChromium, startBenchStudio } from './browser-studio';
import type { StudioTask } from '../src/contract/studio';
import type { BenchResult } from './types';

// Suite 'studio': what a designer feels. (1) first-load JS: the entry chunk and every chunk it imports
// statically, gzipped, with Konva nowhere in it; (2) time to first paint on localhost against the real
// server; (3) the gallery with 5,000 jobs: time until it shows, and frame times while scrolling.

const SUITE = 'studio';
const TASK_COUNT = 5_000;
const KB = 1024;

export async function run(): Promise<BenchResult[]> {
  const work = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const outDir = join(work, 'dist');
  let server: StudioServer | undefined;
  let browser: Browser | undefined;
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const bundle = firstLoad(outDir);
    const results: BenchResult[] = [
      {
        suite: SUITE,
        name: 'first-load JS (gzip)',
        value: round(bundle.gzipBytes / KB),
        unit: 'KB',
        goal: '<= 100 KB, no Konva',
        pass: bundle.gzipBytes <= 100 * KB && !bundle.hasKonva,
        note: `${bundle.files.length} file(s): ${bundle.files.join(', ')}; Konva in first load: ${bundle.hasKonva ? 'YES' : 'no'}`,
      },
      { suite: SUITE, name: 'first-load CSS (gzip)', value: round(bundle.cssGzipBytes / KB), unit: 'KB' },
    ];

    server = await startBenchStudio(work, outDir);
    browser = await launchBenchChromium();

    const paints = [];
    for (let i = 0; i < 5; i++) paints.push(await firstContentfulPaint(browser, server.url));
    const fcp = median(paints);
    results.push({
      suite: SUITE,
      name: 'first contentful paint, localhost (median of 5)',
      value: round(fcp),
      unit: 'ms',
      goal: '<= 1000 ms',
      pass: fcp <= 1000,
      note: `runs: ${paints.map((p) => Math.round(p)).join(', ')} ms; load average ${loadavg()[0]!.toFixed(1)}`,
    });

    results.push(...(await galleryFigures(browser, server.url)));
    return results;
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The entry script plus every chunk reached through static imports: what the browser must load first. */
function firstLoad(outDir: string) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module script in dist/index.html');
  const seen = new Set<string>();
  const queue = [entry, ...[...html.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!)];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(outDir, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` loads later.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(join(file, '..', m[1]!).replaceAll('\\', '/'));
    }
  }
  const files = [...seen];
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, f))).length, 0);
  const hasKonva = files.some((f) => /\bKonva\b|konva/.test(readFileSync(join(outDir, f), 'utf8')));
  const css = [...html.matchAll(/rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  const cssGzipBytes = css.reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, f))).length, 0);
  // Sanity: Konva must exist somewhere in the build (the editor), or the check above proves nothing.
  const assets = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  const konvaBuilt = assets.some((f) => /konva/i.test(readFileSync(join(outDir, 'assets', f), 'utf8')));
  return { files, gzipBytes, cssGzipBytes, hasKonva, konvaBuilt };
}

async function firstContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('textbox', { name: 'Prompt' }).waitFor();
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await context.close();
  return fcp;
}

/** 5,000 finished jobs served as the proxy would page them, with small real images. */
async function galleryFigures(browser: Browser, url: string): Promise<BenchResult[]> {
  const tasks = syntheticTasks(TASK_COUNT);
  const images = await Promise.all(
    ['#7c3aed', '#0ea5e9', '#f59e0b', '#10b981'].map((color) =>
      sharp({ create: { width: 256, height: 256, channels: 3, background: color } })
        .png()
        .toBuffer(),
    ),
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.route('**/bench-img/*', (route) => {
    const n = Number(/(\d+)\.png$/.exec(route.request().url())?.[1] ?? 0);
    return route.fulfill({ body: images[n % images.length]!, contentType: 'image/png' });
  });
  await page.route(/\/api\/studio\/tasks(\?.*)?$/, (route) => {
    const params = new URL(route.request().url()).searchParams;
    const start = Number(params.get('cursor') ?? 0);
    const limit = Number(params.get('limit') ?? 50);
    const items = tasks.slice(start, start + limit);
    const next = start + limit < tasks.length ? String(start + limit) : null;
    return route.fulfill({ json: { items, nextCursor: next } });
  });

  const started = Date.now();
  await page.goto(url);
  await page.getByRole('article').first().waitFor();
  const firstJobsMs = Date.now() - started;

  // Load every page, as a designer scrolling to the very end would.
  const gallery = page.getByTestId('gallery-scroll');
  const loadStarted = Date.now();
  while (!(await page.getByText(`${TASK_COUNT} jobs`, { exact: true }).isVisible())) {
    await gallery.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(50);
    if (Date.now() - loadStarted > 120_000) throw new Error('the gallery never showed all 5,000 jobs');
  }
  const loadAllMs = Date.now() - loadStarted;
  await gallery.evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(300);

  const scroll = await scrollFrames(page, 4000, 3000);
  await context.close();
  const sorted = [...scroll.deltas].sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  return [
    { suite: SUITE, name: 'gallery: first jobs on screen (5,000 jobs)', value: firstJobsMs, unit: 'ms' },
    { suite: SUITE, name: 'gallery: all 5,000 jobs paged in while scrolling', value: loadAllMs, unit: 'ms' },
    { suite: SUITE, name: 'gallery scroll: median frame', value: round(percentile(sorted, 0.5)), unit: 'ms' },
    {
      suite: SUITE,
      name: 'gallery scroll: p95 frame',
      value: round(p95),
      unit: 'ms',
      goal: '<= 33 ms',
      pass: p95 <= 33,
      note: `${scroll.deltas.length} frames at 3000 px/s; longest ${round(sorted[sorted.length - 1] ?? 0)} ms; load average ${loadavg()[0]!.toFixed(1)} on ${cpuCount()} cores`,
    },
    {
      suite: SUITE,
      name: 'gallery scroll: job cards in the DOM (max)',
      value: scroll.maxArticles,
      unit: 'cards',
      goal: '<= 100 (virtualised)',
      pass: scroll.maxArticles <= 100,
    },
  ];
}

/**
 * Scrolls the gallery at a steady speed, one step per animation frame, and records frame deltas. Sent as
 * source text: tsx would otherwise wrap the inner functions in helpers that do not exist in the page.
 */
function scrollFrames(page: Page, durationMs: number, pxPerSecond: number) {
  return page.evaluate<{ deltas: number[]; maxArticles: number }>(`new Promise((resolve) => {
    const el = document.querySelector('[data-testid="gallery-scroll"]');
    const deltas = [];
    let maxArticles = 0;
    let last = performance.now();
    const start = last;
    const frame = (now) => {
      const delta = now - last;
      last = now;
      if (delta > 0) deltas.push(delta);
      el.scrollTop += (${pxPerSecond} * delta) / 1000;
      maxArticles = Math.max(maxArticles, document.querySelectorAll('article').length);
      if (now - start < ${durationMs}) requestAnimationFrame(frame);
      else resolve({ deltas: deltas.slice(1), maxArticles });
    };
    requestAnimationFrame(frame);
  })`);
}

function syntheticTasks(count: number): StudioTask[] {
  const now = Date.now();
  const subjects = ['lighthouse', 'orchard', 'dunes', 'harbour', 'glacier', 'forest', 'city', 'reef'];
  return Array.from({ length: count }, (_, i) => {
    const jobId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const created = new Date(now - i * 60_000).toISOString();
    const prompt = `${subjects[i % subjects.length]} study ${i} --ar 1:1`;
    return {
      jobId,
      taskType: 'diffusion',
      status: 'completed',
      prompt,
      request: { text: prompt },
      parentJobId: null,
      parentImageNo: null,
      favourite: i % 17 === 0,
      hidden: false,
      createdAt: created,
      updatedAt: created,
      childJobIds: [],
      upstreamOutput: null,
      task: {
        job_id: jobId,
        model: 'midjourney',
        task_type: 'diffusion',
        status: 'completed',
        config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
        input: null,
        output: {
          image_url: '',
          image_urls: [0, 1, 2, 3].map((n) => `/bench-img/${(i + n) % 4}.png`),
          seed: String(i),
        },
        meta: {
          created_at: created,
          started_at: created,
          ended_at: new Date(Date.parse(created) + 4_000).toISOString(),
          usage: { type: 'point', frozen: 80, consume: 80 },
        },
        detail: null,
        logs: [],
        error: { code: 0, raw_message: '', message: '', detail: null },
      },
    };
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function cpuCount(): number {
  return availableParallelism();
}
