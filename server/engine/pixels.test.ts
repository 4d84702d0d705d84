import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Task } from '../../src/contract/task';
import { meanDifference, type RawImage } from './render/raw';
import { downloadRgb, startFileServer, startTestEngine, testPicture, type TestEngine } from './test-support';

// Pixel tests on decoded results, fetched over HTTP from the engine like any client would.

let engine: TestEngine;
let files: Awaited<ReturnType<typeof startFileServer>>;
let base: Task;
let source: RawImage;
// A 2:1 base (1024 × 512) keeps the suite quick on a shared machine; the geometry is the same.
const W = 1024;
const H = 512;
const BASE_PROMPT = 'harbour at dusk --ar 2:1 --seed 7';

beforeAll(async () => {
  engine = await startTestEngine();
  files = await startFileServer();
  base = await engine.waitFor((await engine.create('diffusion', { text: BASE_PROMPT })).job_id);
  source = await downloadRgb(base.output.image_urls![2]!);
});
afterAll(async () => {
  await engine?.close();
  await files?.close();
});

async function run(operation: string, body: Record<string, unknown>) {
  const task = await engine.waitFor((await engine.create(operation, body)).job_id);
  expect(task.status, JSON.stringify(task.error)).toBe('completed');
  return task;
}

/** Copies a width × height window of `image` starting at left, top. */
function crop(image: RawImage, left: number, top: number, width: number, height: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    image.data.copy(
      data,
      y * width * 3,
      ((top + y) * image.width + left) * 3,
      ((top + y) * image.width + left + width) * 3,
    );
  return { data, width, height };
}

function pixel(image: RawImage, x: number, y: number) {
  const i = (y * image.width + x) * 3;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

function standardDeviation(image: RawImage) {
  let sum = 0;
  let squares = 0;
  for (const v of image.data) {
    sum += v;
    squares += v * v;
  }
  const mean = sum / image.data.length;
  return Math.sqrt(squares / image.data.length - mean * mean);
}

describe('diffusion', () => {
  it('renders four images and a 2x2 grid of them', async () => {
    expect([source.width, source.height]).toEqual([W, H]);
    const grid = await downloadRgb(base.output.image_url!);
    expect([grid.width, grid.height]).toEqual([W, H]);
    const third = await sharp(source.data, { raw: { width: W, height: H, channels: 3 } })
      .resize(W / 2, H / 2, { fit: 'fill' })
      .raw()
      .toBuffer();
    // Image 3 (index 2) is the grid's bottom-left tile.
    const tile = { data: third, width: W / 2, height: H / 2 };
    expect(meanDifference(crop(grid, 0, H / 2, W / 2, H / 2), tile)).toBeLessThan(2);
  });

  it('--ar sets the aspect with about 1024 px on the long side', async () => {
    const wide = await run('diffusion', { text: 'wide view --ar 16:9' });
    const image = await downloadRgb(wide.output.image_urls![0]!);
    expect([image.width, image.height]).toEqual([1024, 576]);
  });

  it('is deterministic for prompt + seed, and different prompts look clearly different', async () => {
    const again = await run('diffusion', { text: BASE_PROMPT });
    expect(meanDifference(await downloadRgb(again.output.image_urls![2]!), source)).toBe(0);
    const other = await run('diffusion', { text: 'emerald jungle waterfall --ar 2:1 --seed 7' });
    expect(meanDifference(await downloadRgb(other.output.image_urls![2]!), source)).toBeGreaterThan(25);
    const otherSeed = await run('diffusion', { text: 'harbour at dusk --ar 2:1 --seed 8' });
    expect(meanDifference(await downloadRgb(otherSeed.output.image_urls![2]!), source)).toBeGreaterThan(5);
  });
});

describe('diffusion flags', () => {
  const saturation = (image: RawImage) => {
    let sum = 0;
    for (let p = 0; p < image.data.length; p += 3) {
      const r = image.data[p]!;
      const g = image.data[p + 1]!;
      const b = image.data[p + 2]!;
      sum += Math.max(r, g, b) - Math.min(r, g, b);
    }
    return sum / (image.data.length / 3);
  };

  it('--no drops the excluded words: "red fox --no red" draws what "fox" draws', async () => {
    const excluded = await run('diffusion', { text: 'red fox --ar 2:1 --seed 4 --no red' });
    const plain = await run('diffusion', { text: 'fox --ar 2:1 --seed 4' });
    const a = await downloadRgb(excluded.output.image_urls![0]!);
    expect(meanDifference(a, await downloadRgb(plain.output.image_urls![0]!))).toBe(0);
  });

  it('--stylize makes colours more vivid; --chaos pulls the four images apart', async () => {
    const calm = await run('diffusion', { text: 'quiet bay --ar 2:1 --seed 9 --stylize 0' });
    const vivid = await run('diffusion', { text: 'quiet bay --ar 2:1 --seed 9 --stylize 1000' });
    const calmImage = await downloadRgb(calm.output.image_urls![0]!);
    const vividImage = await downloadRgb(vivid.output.image_urls![0]!);
    expect(saturation(vividImage)).toBeGreaterThan(saturation(calmImage) * 1.3);
    const wild = await run('diffusion', { text: 'quiet bay --ar 2:1 --seed 9 --chaos 100' });
    const spread = async (task: Task) => {
      const [first, second] = await Promise.all(task.output.image_urls!.slice(0, 2).map(downloadRgb));
      return meanDifference(first!, second!);
    };
    expect(await spread(wild)).toBeGreaterThan(await spread(calm));
  });
});

describe('inpaint', () => {
  it('repaints inside the polygons (scaled from their own size) and keeps every other pixel', async () => {
    // Drawn on a 2048 × 1024 view of the image: x 400..1200, y 200..600 is 200..600 × 100..300 here.
    const area = { width: 2048, height: 1024, points: [400, 200, 1200, 200, 1200, 600, 400, 600] };
    const task = await run('inpaint', {
      jobId: base.job_id,
      imageNo: 2,
      mask: { areas: [area] },
      remixPrompt: 'a glowing red lantern',
    });
    for (const url of task.output.image_urls!) {
      const result = await downloadRgb(url);
      expect([result.width, result.height]).toEqual([W, H]);
      const same = (left: number, top: number, width: number, height: number) =>
        crop(result, left, top, width, height).data.equals(crop(source, left, top, width, height).data);
      expect(same(0, 0, W, 100)).toBe(true); // above the mask
      expect(same(0, 300, W, H - 300)).toBe(true); // below
      expect(same(0, 100, 200, 200)).toBe(true); // left
      expect(same(600, 100, W - 600, 200)).toBe(true); // right
      const inside = meanDifference(crop(result, 200, 100, 400, 200), crop(source, 200, 100, 400, 200));
      expect(inside).toBeGreaterThan(15);
    }
  });

  it('repaints the white area of mask.url and keeps the black area', async () => {
    // Left half black, right half white, at a different size from the image: it is stretched.
    const mask = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000000' } })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: '#ffffff' } },
          left: 100,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const task = await run('inpaint', {
      jobId: base.job_id,
      imageNo: 2,
      mask: { url: files.put('/mask.png', mask) },
    });
    const result = await downloadRgb(task.output.image_urls![0]!);
    expect(crop(result, 0, 0, W / 2, H).data.equals(crop(source, 0, 0, W / 2, H).data)).toBe(true);
    const repainted = meanDifference(crop(result, W / 2, 0, W / 2, H), crop(source, W / 2, 0, W / 2, H));
    expect(repainted).toBeGreaterThan(15);
  });
});

describe('pan', () => {
  const cases = [
    { direction: 0, name: 'down', size: [W, H * 1.5], at: [0, 0], strip: [0, H, W, H / 2] },
    { direction: 1, name: 'right', size: [W * 1.5, H], at: [0, 0], strip: [W, 0, W / 2, H] },
    { direction: 2, name: 'up', size: [W, H * 1.5], at: [0, H / 2], strip: [0, 0, W, H / 2] },
    { direction: 3, name: 'left', size: [W * 1.5, H], at: [W / 2, 0], strip: [0, 0, W / 2, H] },
  ] as const;
  it.each(cases)(
    '$name: grows by scale on that side only, the source unchanged at its offset',
    async ({ direction, size, at, strip }) => {
      const task = await run('pan', { jobId: base.job_id, imageNo: 2, direction, scale: 1.5 });
      const result = await downloadRgb(task.output.image_urls![1]!);
      expect([result.width, result.height]).toEqual(size);
      expect(crop(result, at[0], at[1], W, H).data.equals(source.data)).toBe(true);
      const newStrip = crop(result, strip[0], strip[1], strip[2], strip[3]);
      expect(standardDeviation(newStrip)).toBeGreaterThan(5); // new content, not a flat fill
      // The strip continues the picture: next to the seam it resembles the source's edge.
      const seamInStrip = [
        crop(result, 0, H, W, 1),
        crop(result, W, 0, 1, H),
        crop(result, 0, H / 2 - 1, W, 1),
        crop(result, W / 2 - 1, 0, 1, H),
      ][direction]!;
      const sourceEdge = [
        crop(source, 0, H - 1, W, 1),
        crop(source, W - 1, 0, 1, H),
        crop(source, 0, 0, W, 1),
        crop(source, 0, 0, 1, H),
      ][direction]!;
      expect(meanDifference(seamInStrip, sourceEdge)).toBeLessThan(40);
    },
  );

  it('a scale of 1.13 to the right gives a result 13% wider', async () => {
    const task = await run('pan', { jobId: base.job_id, imageNo: 0, direction: 1, scale: 1.13 });
    const result = await downloadRgb(task.output.image_urls![0]!);
    expect([result.width, result.height]).toEqual([Math.round(W * 1.13), H]);
  });
});

describe('upload-paint', () => {
  it('has the canvas size; the source sits at imgPos resized to its size; mask and uncovered canvas are generated', async () => {
    const original = await testPicture(640, 480);
    const imgUrl = files.put('/original.png', original);
    // The mask (canvas pixels) covers canvas 400..500 × 250..350, i.e. inside the placed image.
    const mask = { areas: [{ width: 900, height: 700, points: [400, 250, 500, 250, 500, 350, 400, 350] }] };
    const imgPos = { width: 400, height: 300, x: 300, y: 200 };
    const task = await run('upload-paint', {
      imgUrl,
      canvas: { width: 900, height: 700 },
      imgPos,
      mask,
      remixPrompt: 'a calm lake around it',
    });
    const result = await downloadRgb(task.output.image_urls![0]!);
    expect([result.width, result.height]).toEqual([900, 700]);
    const expected = await sharp(original).resize(400, 300, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const placed = crop(result, 300, 200, 400, 300);
    let differentOutsideMask = 0;
    let differentInsideMask = 0;
    for (let y = 0; y < 300; y++) {
      for (let x = 0; x < 400; x++) {
        const i = (y * 400 + x) * 3;
        const same =
          placed.data[i] === expected[i] &&
          placed.data[i + 1] === expected[i + 1] &&
          placed.data[i + 2] === expected[i + 2];
        const masked = x + 300 >= 400 && x + 300 < 500 && y + 200 >= 250 && y + 200 < 350;
        if (masked && !same) differentInsideMask++;
        if (!masked && !same) differentOutsideMask++;
      }
    }
    expect(differentOutsideMask).toBe(0);
    expect(differentInsideMask).toBeGreaterThan(100 * 100 * 0.9);
    expect(standardDeviation(crop(result, 0, 0, 300, 700))).toBeGreaterThan(5);
    expect(pixel(result, 10, 10)).not.toEqual(pixel(result, 890, 690));
  });

  it('clips an image placed partly off the canvas', async () => {
    const original = await testPicture(400, 400);
    const imgUrl = files.put('/offcanvas.png', original);
    const mask = { areas: [{ width: 600, height: 600, points: [0, 0, 10, 0, 10, 10] }] };
    const task = await run('upload-paint', {
      imgUrl,
      canvas: { width: 600, height: 600 },
      imgPos: { width: 400, height: 400, x: -100, y: 300 },
      mask,
      remixPrompt: 'sky',
    });
    const result = await downloadRgb(task.output.image_urls![0]!);
    expect([result.width, result.height]).toEqual([600, 600]);
    const expected = await sharp(original).resize(400, 400, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const visible = crop(result, 0, 300, 300, 300);
    expect(
      visible.data.equals(crop({ data: expected, width: 400, height: 400 }, 100, 0, 300, 300).data),
    ).toBe(true);
  });
});

describe('variation, remix, retexture', () => {
  async function meanChange(task: Task) {
    const differences = await Promise.all(
      task.output.image_urls!.map(async (url) => meanDifference(await downloadRgb(url), source)),
    );
    return differences.reduce((a, b) => a + b, 0) / differences.length;
  }

  it('variation: strong (type 1) changes measurably more than subtle (type 0)', async () => {
    const subtle = await meanChange(await run('variation', { jobId: base.job_id, imageNo: 2, type: 0 }));
    const strong = await meanChange(await run('variation', { jobId: base.job_id, imageNo: 2, type: 1 }));
    expect(subtle).toBeGreaterThan(1);
    expect(strong).toBeGreaterThan(subtle * 2);
  });

  it('remix: strong (mode 0) changes measurably more than subtle (mode 1)', async () => {
    const subtle = await meanChange(
      await run('remix', { jobId: base.job_id, imageNo: 2, remixPrompt: 'pastel spring', mode: 1 }),
    );
    const strong = await meanChange(
      await run('remix', { jobId: base.job_id, imageNo: 2, remixPrompt: 'pastel spring', mode: 0 }),
    );
    expect(subtle).toBeGreaterThan(1);
    expect(strong).toBeGreaterThan(subtle * 2);
  });

  it('retexture keeps the structure (light and shade) and changes the texture (colours)', async () => {
    const original = await testPicture(600, 400, 'jpeg');
    const task = await run('retexture', {
      imgUrl: files.put('/structure.jpg', original, 'image/jpeg'),
      remixPrompt: 'rusted iron',
    });
    const result = await downloadRgb(task.output.image_urls![0]!);
    const decoded = await sharp(original).removeAlpha().raw().toBuffer();
    const before = { data: decoded, width: 600, height: 400 };
    expect([result.width, result.height]).toEqual([600, 400]);
    expect(meanDifference(result, before)).toBeGreaterThan(20);
    const luminance = (img: RawImage) =>
      Array.from(
        { length: img.width * img.height },
        (_, p) => 0.299 * img.data[p * 3]! + 0.587 * img.data[p * 3 + 1]! + 0.114 * img.data[p * 3 + 2]!,
      );
    expect(correlation(luminance(before), luminance(result))).toBeGreaterThan(0.7);
  });
});

function correlation(a: number[], b: number[]) {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}
