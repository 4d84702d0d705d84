import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MaskPlan, RenderPlan, TaskFiles } from '../plan';
import { blendTowardsScene, inpaint, pan, retexture, uploadPaint, type EditContext } from './edits';
import { maskFromImage, rasterisePolygons, type PixelMask } from './mask';
import { decodeRgb, encodePng, resizeRgb, type RawImage } from './raw';
import { createRandom } from './prng';
import { renderScene } from './scene';
import { renderVideo } from './video';

// Runs a task's plan: four images and a 2x2 grid, or `--bs` videos, written under files/<token>/.

export interface RenderJob {
  jobId: string;
  plan: RenderPlan;
  seed: number;
  token: string;
  dataDir: string;
  signal?: AbortSignal;
}

export async function renderTask(job: RenderJob): Promise<TaskFiles> {
  const folder = join(job.dataDir, 'files', job.token);
  await mkdir(folder, { recursive: true });
  const { plan } = job;
  if (plan.kind === 'video') {
    const videos: string[] = [];
    for (let i = 0; i < plan.batch; i++) {
      job.signal?.throwIfAborted();
      const name = `${job.jobId}-${i}.mp4`;
      await renderVideo(
        {
          source: join(job.dataDir, plan.source),
          end: plan.end ? join(job.dataDir, plan.end) : undefined,
          motion: plan.motion,
          loop: plan.loop,
          videoType: plan.videoType,
          seed: job.seed + i,
          signal: job.signal,
        },
        join(folder, name),
      );
      videos.push(`${job.token}/${name}`);
    }
    const meta = await sharp(join(job.dataDir, plan.source)).metadata();
    return { images: [], videos, width: meta.width ?? 0, height: meta.height ?? 0 };
  }

  const render = await imageRenderer(plan, job.dataDir);
  const images: RawImage[] = [];
  for (let i = 0; i < 4; i++) {
    job.signal?.throwIfAborted();
    images.push(await render({ prompt: 'prompt' in plan ? plan.prompt : '', seed: job.seed + i }));
  }
  const names: string[] = [];
  for (const [i, image] of images.entries()) {
    const name = `${job.jobId}-${i}.png`;
    await writeFile(join(folder, name), await encodePng(image));
    names.push(`${job.token}/${name}`);
  }
  const gridName = `${job.jobId}-grid.png`;
  await writeFile(join(folder, gridName), await gridOf(images));
  return {
    images: names,
    grid: `${job.token}/${gridName}`,
    width: images[0]!.width,
    height: images[0]!.height,
  };
}

const RETEXTURE_MAX_SIDE = 2048;

type ImageRenderer = (ctx: EditContext) => Promise<RawImage>;

async function imageRenderer(
  plan: Exclude<RenderPlan, { kind: 'video' }>,
  dataDir: string,
): Promise<ImageRenderer> {
  const file = (path: string) => join(dataDir, path);
  switch (plan.kind) {
    case 'diffusion': {
      const chaos = plan.chaos ?? 0;
      // --stylize 0 → 0.6× saturation, 100 (the default) → 1×, 1000 → 1.5×.
      const saturationScale = 0.6 + 0.4 * Math.min(2.25, Math.sqrt((plan.stylize ?? 100) / 100));
      return (ctx) => {
        // --chaos turns each image's hue its own way, up to ±180° at 100.
        const hueShift = createRandom(ctx.seed ^ 0x5bd1e995).range(-1, 1) * chaos * 1.8;
        const style = { hueShift, saturationScale };
        return renderScene({
          prompt: ctx.prompt,
          seed: ctx.seed,
          width: plan.width,
          height: plan.height,
          style,
        });
      };
    }
    case 'variation':
    case 'remix': {
      const source = await decodeRgb(file(plan.source));
      return (ctx) => blendTowardsScene(source, plan.amount, ctx);
    }
    case 'pan': {
      const source = await decodeRgb(file(plan.source));
      return (ctx) => pan(source, plan.direction, plan.scale, ctx);
    }
    case 'inpaint': {
      const source = await decodeRgb(file(plan.source));
      const mask = await pixelMask(plan.mask, source.width, source.height, dataDir);
      return (ctx) => inpaint(source, mask, ctx);
    }
    case 'retexture': {
      // Texture is per pixel work: a very large source is worked on at most 2048 px on its long side.
      const source = await decodeRgb(file(plan.source), RETEXTURE_MAX_SIDE);
      return (ctx) => retexture(source, ctx);
    }
    case 'upload_paint': {
      const placed = await resizeRgb(file(plan.source), plan.imgPos.width, plan.imgPos.height);
      const mask = await pixelMask(plan.mask, plan.canvas.width, plan.canvas.height, dataDir);
      return (ctx) => uploadPaint(placed, plan, mask, ctx);
    }
  }
}

function pixelMask(
  mask: MaskPlan,
  width: number,
  height: number,
  dataDir: string,
): Promise<PixelMask> | PixelMask {
  return 'areas' in mask
    ? rasterisePolygons(mask.areas, width, height)
    : maskFromImage(join(dataDir, mask.file), width, height);
}

/** The four images at half size in a 2x2 grid, the size of one image. */
async function gridOf(images: RawImage[]): Promise<Buffer> {
  const { width, height } = images[0]!;
  const tileWidth = Math.floor(width / 2);
  const tileHeight = Math.floor(height / 2);
  const tiles = await Promise.all(
    images.map((image) =>
      sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
        .resize(tileWidth, tileHeight, { fit: 'fill' })
        .png()
        .toBuffer(),
    ),
  );
  return sharp({
    create: { width: tileWidth * 2, height: tileHeight * 2, channels: 3, background: '#000000' },
  })
    .composite(
      tiles.map((input, i) => ({ input, left: (i % 2) * tileWidth, top: Math.floor(i / 2) * tileHeight })),
    )
    .png({ compressionLevel: 2 })
    .toBuffer();
}
