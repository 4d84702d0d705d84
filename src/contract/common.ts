import { z } from 'zod';
import { LIMITS } from './limits';
import { promptFlagIssues } from './flags';

/** A prompt field (`text`, `prompt`, `remixPrompt`): 1–8192 characters; known flags within their ranges. */
export const promptSchema = z
  .string()
  .min(LIMITS.prompt.min, 'must not be empty')
  .max(LIMITS.prompt.max, `must be at most ${LIMITS.prompt.max} characters`)
  .superRefine((text, ctx) => {
    for (const message of promptFlagIssues(text)) ctx.addIssue({ code: 'custom', message });
  });

/** Any 8-4-4-4-12 hex id: the service's job ids are UUIDs; version bits are not ours to police. */
export const jobIdSchema = z.guid('must be a UUID');

export const imageNoSchema = z
  .number('must be an integer 0 to 3')
  .int('must be an integer 0 to 3')
  .min(LIMITS.imageNo.min, 'must be 0 to 3')
  .max(LIMITS.imageNo.max, 'must be 0 to 3');

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

export const callbackSchema = httpUrl;

export const imgUrlSchema = httpUrl.max(
  LIMITS.imgUrlLength,
  `must be at most ${LIMITS.imgUrlLength} characters`,
);

export function intIn(min: number, max: number) {
  return z
    .number(`must be an integer ${min} to ${max}`)
    .int(`must be an integer ${min} to ${max}`)
    .min(min, `must be ${min} to ${max}`)
    .max(max, `must be ${min} to ${max}`);
}

export function oneOf<const T extends readonly number[]>(values: T) {
  const label = values.join(' or ');
  return z.number(`must be ${label}`).refine((v): v is T[number] => values.includes(v), `must be ${label}`);
}

const side = intIn(LIMITS.polygonSide.min, LIMITS.polygonSide.max);

/**
 * A polygon in the pixels of an image of `width` × `height`: x, y pairs, at least 3 points,
 * every point inside the image. (The editor clamps before it sends, so a point outside is a bug.)
 */
export const polygonSchema = z
  .object({
    width: side,
    height: side,
    points: z
      .array(
        z.number().int('must be whole pixels').min(0, 'must not be negative'),
        'must be a list of integers',
      )
      .min(6, 'needs at least 3 points (6 numbers)')
      .refine((p) => p.length % 2 === 0, 'must hold x, y pairs (an even count)'),
  })
  .superRefine((polygon, ctx) => {
    for (let i = 0; i < polygon.points.length; i += 2) {
      const x = polygon.points[i]!;
      const y = polygon.points[i + 1]!;
      if (x > polygon.width || y > polygon.height) {
        ctx.addIssue({
          code: 'custom',
          path: ['points', i],
          message: `point (${x}, ${y}) lies outside the ${polygon.width}×${polygon.height} image`,
        });
        return;
      }
    }
  });

/** Mask: `areas` (polygons) or `url` (black and white image, white is repainted), exactly one of them. */
export const maskSchema = z
  .object({
    areas: z.array(polygonSchema).min(1, 'needs at least one polygon').optional(),
    url: imgUrlSchema.optional(),
  })
  .refine((m) => (m.areas === undefined) !== (m.url === undefined), {
    message: 'give either mask.areas or mask.url (exactly one)',
  });

export const canvasSchema = z.object({
  width: intIn(LIMITS.canvasSide.min, LIMITS.canvasSide.max),
  height: intIn(LIMITS.canvasSide.min, LIMITS.canvasSide.max),
});

/** Where the source image sits on the upload-paint canvas, in canvas pixels. */
export const canvasImgSchema = z.object({
  width: z.number().int('must be whole pixels').positive('must be positive'),
  height: z.number().int('must be whole pixels').positive('must be positive'),
  x: z.number().int('must be whole pixels'),
  y: z.number().int('must be whole pixels'),
});

export type Polygon = z.infer<typeof polygonSchema>;
export type Mask = z.infer<typeof maskSchema>;
export type Canvas = z.infer<typeof canvasSchema>;
export type CanvasImg = z.infer<typeof canvasImgSchema>;
