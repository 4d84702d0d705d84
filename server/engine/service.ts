import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { Polygon } from '../../src/contract/common';
import { invalidParamsBody } from '../../src/contract/errors';
import { aspectRatio, getFlag, parsePrompt } from '../../src/contract/flags';
import { LIMITS } from '../../src/contract/limits';
import { IMAGE_URL_PROMPT } from '../../src/contract/requests';
import { OPERATIONS, promptOf, type OperationBody, type OperationPath } from '../../src/contract/operations';
import { pointsFor, videoBatchOf } from '../../src/contract/points';
import type { Balance, Task } from '../../src/contract/task';
import { CallbackSender } from './callbacks';
import { EngineError, fieldError } from './errors';
import type { MaskPlan, RenderPlan } from './plan';
import { RateLimiter } from './rate-limit';
import { panGeometry } from './render/edits';
import { TaskRunner } from './runner';
import { sensitiveWordIn } from './sensitive-words';
import { fetchSourceImage } from './sources';
import { EngineStore, type StoredTask } from './store';
import { newTask, presentTask } from './task-object';

// The service behind the HTTP routes: creates tasks (validation, limits, points, sources), reads
// them back, and owns the runner and the callback sender.

export interface ServiceOptions {
  dataDir: string;
  timeScale: number;
  points: number;
  rateLimitPerMinute?: number;
  maxQueued?: number;
  logger?: Logger;
  /** First callback retry delay (ms), doubling per attempt. */
  callbackRetryBaseMs?: number;
  callbackMaxAttempts?: number;
}

export class EngineService {
  readonly store: EngineStore;
  private readonly runner: TaskRunner;
  private readonly callbacks: CallbackSender;
  private readonly limiter: RateLimiter;
  readonly logger: Logger;
  readonly dataDir: string;
  private readonly maxQueued: number;
  /** The origin output URLs are shown on; set once the server listens. */
  origin = '';

  constructor(private readonly options: ServiceOptions) {
    this.dataDir = options.dataDir;
    mkdirSync(join(options.dataDir, 'files'), { recursive: true });
    mkdirSync(join(options.dataDir, 'sources'), { recursive: true });
    this.logger = options.logger ?? pino({ level: 'silent' });
    this.store = new EngineStore(options.dataDir, options.points);
    this.limiter = new RateLimiter(options.rateLimitPerMinute ?? 600);
    this.maxQueued = options.maxQueued ?? 100;
    this.callbacks = new CallbackSender({
      store: this.store,
      logger: this.logger,
      retryBaseMs: options.callbackRetryBaseMs ?? 2000,
      maxAttempts: options.callbackMaxAttempts ?? 8,
    });
    this.runner = new TaskRunner({
      store: this.store,
      dataDir: options.dataDir,
      timeScale: options.timeScale,
      logger: this.logger,
      callbackFor: (task) =>
        task.config.webhook_config.endpoint
          ? {
              url: task.config.webhook_config.endpoint,
              payload: JSON.stringify({ timestamp: Date.now(), data: this.present(task) }),
            }
          : null,
      finished: (task) => {
        this.logger.info(
          { jobId: task.job_id, status: task.status, taskType: task.task_type },
          'engine task finished',
        );
        this.callbacks.wake();
      },
    });
  }

  /** Resumes unfinished tasks and pending callbacks from an earlier run. */
  start() {
    const unfinished = this.store.unfinished();
    if (unfinished.length) this.logger.info({ count: unfinished.length }, 'engine resuming unfinished tasks');
    this.runner.resume(unfinished);
    this.callbacks.wake();
  }

  async close() {
    await this.runner.close();
    await this.callbacks.close();
    this.store.close();
  }

  present(task: Task): Task {
    return presentTask(task, this.origin);
  }

  getTask(jobId: string): Task {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(jobId))
      throw fieldError(400, 'job_id', 'must be a UUID');
    const stored = this.store.get(jobId.toLowerCase());
    if (!stored) throw new EngineError(404, `Job ${jobId} not found`);
    return this.present(stored.task);
  }

  balance(): Balance {
    const points = this.store.balance();
    return {
      code: 200,
      message: 'success',
      data: {
        account_id: 1,
        available_points: points,
        available_credits: points,
        low_balance_alert: points < 1000,
        alert_threshold: 1000,
        updated_at: this.store.lastLedgerChange() ?? new Date(0).toISOString(),
      },
    };
  }

  async create(operation: OperationPath, raw: unknown, apiKey: string): Promise<Task> {
    const rate = this.limiter.take(apiKey);
    if (!rate.allowed)
      throw new EngineError(429, `Rate limit exceeded: try again in ${rate.retryAfterSeconds} s`, null, {
        'Retry-After': String(rate.retryAfterSeconds),
      });
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new EngineError(400, 'Invalid request parameters: the body must be a JSON object', {
        fields: [{ field: '(body)', message: 'must be a JSON object' }],
      });
    const parsed = OPERATIONS[operation].body.safeParse(raw);
    if (!parsed.success) {
      const body = invalidParamsBody(parsed.error);
      throw new EngineError(400, body.message, body.detail);
    }
    const body = parsed.data as Record<string, unknown>;
    const prompt = promptOf(body);
    const word = sensitiveWordIn(prompt);
    if (word) throw new EngineError(403, `Sensitive content detected: the prompt contains "${word}"`);
    if (this.store.countWaiting() >= this.maxQueued) {
      const retryAfter = Math.max(1, Math.ceil(5 * this.options.timeScale));
      throw new EngineError(429, `Queue is full (${this.maxQueued} tasks waiting): try again later`, null, {
        'Retry-After': String(retryAfter),
      });
    }
    const taskType = OPERATIONS[operation].taskType;
    const frozen = pointsFor(taskType, body as { prompt?: string; videoType?: number });
    if (this.store.balance() < frozen) throw this.insufficient(frozen);

    const jobId = randomUUID();
    const written: string[] = [];
    try {
      const plan = await this.planFor(operation, body, jobId, written);
      const seedFlag = getFlag(parsePrompt(prompt), 'seed')?.value;
      const seed = seedFlag !== undefined ? Number(seedFlag) : randomBytes(4).readUInt32BE(0);
      const stored: StoredTask = {
        jobId,
        task: newTask(jobId, taskType, frozen, body.callback as string | undefined, new Date()),
        plan,
        token: randomBytes(16).toString('hex'),
        seed,
        files: null,
        prompt,
      };
      if (!this.store.insertWithFreeze(stored)) throw this.insufficient(frozen);
      this.runner.admitLater(jobId);
      this.logger.info({ jobId, taskType, frozen }, 'engine task created');
      return this.present(stored.task);
    } catch (error) {
      await Promise.all(written.map((file) => rm(join(this.options.dataDir, file), { force: true })));
      throw error;
    }
  }

  private insufficient(frozen: number) {
    return new EngineError(
      402,
      `Insufficient points: this task needs ${frozen}, ${this.store.balance()} left`,
    );
  }

  /** Resolves what to render; sources named by URL are fetched now and kept under sources/. */
  private async planFor(
    operation: OperationPath,
    body: Record<string, unknown>,
    jobId: string,
    written: string[],
  ): Promise<RenderPlan> {
    const fetchTo = async (url: string, field: string, role: string) => {
      const image = await fetchSourceImage(url, field);
      const path = join('sources', `${jobId}-${role}`);
      await writeFile(join(this.options.dataDir, path), image.bytes);
      written.push(path);
      return path;
    };
    const maskPlan = async (mask: { areas?: Polygon[]; url?: string }): Promise<MaskPlan> =>
      mask.url !== undefined ? { file: await fetchTo(mask.url, 'mask.url', 'mask') } : { areas: mask.areas! };

    switch (operation) {
      case 'diffusion': {
        const b = body as OperationBody<'diffusion'>;
        const parsed = parsePrompt(b.text);
        const number = (name: string) => {
          const value = getFlag(parsed, name)?.value;
          return value === undefined ? undefined : Number(value);
        };
        return {
          kind: 'diffusion',
          prompt: withoutExcluded(parsed.body || b.text, getFlag(parsed, 'no')?.value),
          ...imageSize(aspectRatio(parsed)),
          chaos: number('chaos'),
          stylize: number('stylize'),
        };
      }
      case 'variation': {
        const b = body as OperationBody<'variation'>;
        const source = this.sourceImage(b.jobId, b.imageNo);
        return {
          kind: 'variation',
          source: source.path,
          amount: b.type === 1 ? 0.45 : 0.12,
          prompt: promptBody(b.remixPrompt ?? '') || source.prompt,
        };
      }
      case 'remix': {
        const b = body as OperationBody<'remix'>;
        const source = this.sourceImage(b.jobId, b.imageNo);
        // mode 0 = strong (the default), 1 = subtle.
        return {
          kind: 'remix',
          source: source.path,
          amount: b.mode === 1 ? 0.2 : 0.6,
          prompt: promptBody(b.remixPrompt),
        };
      }
      case 'pan': {
        const b = body as OperationBody<'pan'>;
        const source = this.sourceImage(b.jobId, b.imageNo);
        const direction = b.direction as 0 | 1 | 2 | 3;
        const grown = panGeometry(source.width, source.height, direction, b.scale);
        if (grown.width === source.width && grown.height === source.height)
          throw fieldError(
            422,
            'direction',
            `cannot grow: the image is already ${LIMITS.polygonSide.max} px on that side`,
          );
        return {
          kind: 'pan',
          source: source.path,
          direction,
          scale: b.scale,
          prompt: promptBody(b.remixPrompt ?? '') || source.prompt,
        };
      }
      case 'inpaint': {
        const b = body as OperationBody<'inpaint'>;
        const source = this.sourceImage(b.jobId, b.imageNo);
        // The deprecated `area` is ignored: spec 4.3 says `mask` is used instead.
        return {
          kind: 'inpaint',
          source: source.path,
          mask: await maskPlan(b.mask),
          prompt: promptBody(b.remixPrompt ?? '') || source.prompt,
        };
      }
      case 'retexture': {
        const b = body as OperationBody<'retexture'>;
        return {
          kind: 'retexture',
          source: await fetchTo(b.imgUrl, 'imgUrl', 'source'),
          prompt: promptBody(b.remixPrompt),
        };
      }
      case 'upload-paint': {
        const b = body as OperationBody<'upload-paint'>;
        // The placed image is resized to imgPos before clipping: keep that within reason.
        for (const side of ['width', 'height'] as const)
          if (b.imgPos[side] > MAX_PLACED_SIDE)
            throw fieldError(422, `imgPos.${side}`, `must be at most ${MAX_PLACED_SIDE} px`);
        const source = await fetchTo(b.imgUrl, 'imgUrl', 'source');
        return {
          kind: 'upload_paint',
          source,
          canvas: b.canvas,
          imgPos: b.imgPos,
          mask: await maskPlan(b.mask),
          prompt: promptBody(b.remixPrompt),
        };
      }
      case 'video-diffusion': {
        const b = body as OperationBody<'video-diffusion'>;
        const flags = parsePrompt(b.prompt ?? '');
        let source: string;
        if (b.jobId !== undefined) source = this.sourceImage(b.jobId, b.imageNo!).path;
        else source = await fetchTo(IMAGE_URL_PROMPT.exec(b.prompt!)![1]!, 'prompt', 'source');
        const endUrl = getFlag(flags, 'end')?.value;
        return {
          kind: 'video',
          source,
          end: endUrl ? await fetchTo(endUrl, 'prompt --end', 'end') : undefined,
          motion: getFlag(flags, 'motion')?.value === 'high' ? 'high' : 'low',
          loop: getFlag(flags, 'loop') !== undefined,
          batch: videoBatchOf(b.prompt),
          videoType: b.videoType === 1 ? 1 : 0,
        };
      }
    }
  }

  /** One image of an earlier, finished image task; 422 when there is none to work from. */
  private sourceImage(jobId: string, imageNo: number) {
    const stored = this.store.get(jobId.toLowerCase());
    if (!stored) throw fieldError(422, 'jobId', 'is unknown');
    if (stored.task.task_type === 'video_diffusion')
      throw fieldError(422, 'jobId', 'is a video task, not an image task');
    if (stored.task.status === 'failed') throw fieldError(422, 'jobId', 'failed and has no images');
    if (stored.task.status !== 'completed' || !stored.files)
      throw fieldError(422, 'jobId', `has not finished (status ${stored.task.status})`);
    const image = stored.files.images[imageNo];
    if (!image)
      throw fieldError(
        422,
        'imageNo',
        `must be below ${stored.files.images.length}: the job has ${stored.files.images.length} images`,
      );
    return {
      path: join('files', image),
      width: stored.files.width,
      height: stored.files.height,
      prompt: stored.plan.kind !== 'video' && 'prompt' in stored.plan ? stored.plan.prompt : '',
    };
  }
}

/** The largest size an upload-paint source may be placed at (twice the largest canvas). */
export const MAX_PLACED_SIDE = 2 * LIMITS.canvasSide.max;

/** `--no a, b`: the excluded words leave the prompt, so they no longer steer colours or shapes. */
function withoutExcluded(prompt: string, excluded: string | undefined): string {
  if (!excluded) return prompt;
  const drop = new Set(
    excluded
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  );
  const kept = prompt.split(/\s+/).filter((word) => !drop.has(word.toLowerCase().replace(/[^a-z0-9]/g, '')));
  return kept.join(' ') || prompt;
}

/** The words of a prompt without its flags (the flags steer settings, not the picture's content). */
function promptBody(text: string): string {
  return parsePrompt(text).body || text.trim();
}

/** About 1024 px on the long side for the asked aspect; no side below 500 or above 4096 px. */
export function imageSize({ w, h }: { w: number; h: number }) {
  const ratio = w / h;
  const { min, max } = LIMITS.polygonSide;
  let width = ratio >= 1 ? 1024 : Math.round(1024 * ratio);
  let height = ratio >= 1 ? Math.round(1024 / ratio) : 1024;
  if (width < min) {
    width = min;
    height = Math.min(max, Math.round(min / ratio));
  }
  if (height < min) {
    height = min;
    width = Math.min(max, Math.round(min * ratio));
  }
  return { width, height };
}
