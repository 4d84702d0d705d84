import { z } from 'zod';
import {
  callbackSchema,
  canvasImgSchema,
  canvasSchema,
  imageNoSchema,
  imgUrlSchema,
  intIn,
  jobIdSchema,
  maskSchema,
  oneOf,
  polygonSchema,
  promptSchema,
} from './common';
import { LIMITS } from './limits';

// The eight request bodies of spec section 4. Objects are strict: an unknown field is a 400 that
// names it, rather than a typo silently ignored.

export const diffusionBody = z.strictObject({
  text: promptSchema,
  callback: callbackSchema.optional(),
});

/** `[image_url] prompt`: an http(s) URL first, then a space, then the text (spec 4.2, method B). */
export const IMAGE_URL_PROMPT = /^\[?(https?:\/\/[^\s\]]+)\]?\s+\S/;

export const videoDiffusionBody = z
  .strictObject({
    jobId: jobIdSchema.optional(),
    imageNo: imageNoSchema.optional(),
    prompt: promptSchema.optional(),
    videoType: oneOf(LIMITS.videoType).optional(),
    callback: callbackSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.jobId !== undefined) {
      if (body.imageNo === undefined)
        ctx.addIssue({ code: 'custom', path: ['imageNo'], message: 'is required with jobId' });
      return;
    }
    if (body.imageNo !== undefined)
      ctx.addIssue({ code: 'custom', path: ['jobId'], message: 'is required with imageNo' });
    else if (body.prompt === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['jobId'],
        message: 'give jobId + imageNo, or a prompt that starts with an image URL',
      });
    else if (!IMAGE_URL_PROMPT.test(body.prompt))
      ctx.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: 'must start with an image URL, then a space, then the text',
      });
  });

export const inpaintBody = z.strictObject({
  jobId: jobIdSchema,
  imageNo: imageNoSchema,
  mask: maskSchema,
  remixPrompt: promptSchema.optional(),
  area: polygonSchema.optional(),
  callback: callbackSchema.optional(),
});

export const remixBody = z.strictObject({
  jobId: jobIdSchema,
  imageNo: imageNoSchema,
  remixPrompt: promptSchema,
  mode: oneOf(LIMITS.remixMode).optional(),
  callback: callbackSchema.optional(),
});

export const panBody = z.strictObject({
  jobId: jobIdSchema,
  imageNo: imageNoSchema,
  direction: intIn(LIMITS.panDirection.min, LIMITS.panDirection.max),
  scale: z
    .number('must be a number 1.1 to 3.0')
    .min(LIMITS.panScale.min, 'must be 1.1 to 3.0')
    .max(LIMITS.panScale.max, 'must be 1.1 to 3.0'),
  remixPrompt: promptSchema.optional(),
  callback: callbackSchema.optional(),
});

export const variationBody = z.strictObject({
  jobId: jobIdSchema,
  imageNo: imageNoSchema,
  type: oneOf(LIMITS.variationType),
  remixPrompt: promptSchema.nullable().optional(),
  callback: callbackSchema.optional(),
});

export const retextureBody = z.strictObject({
  imgUrl: imgUrlSchema,
  remixPrompt: promptSchema,
  callback: callbackSchema.optional(),
});

export const uploadPaintBody = z.strictObject({
  imgUrl: imgUrlSchema,
  canvas: canvasSchema,
  imgPos: canvasImgSchema,
  mask: maskSchema,
  remixPrompt: promptSchema,
  callback: callbackSchema.optional(),
});

export type DiffusionBody = z.infer<typeof diffusionBody>;
export type VideoDiffusionBody = z.infer<typeof videoDiffusionBody>;
export type InpaintBody = z.infer<typeof inpaintBody>;
export type RemixBody = z.infer<typeof remixBody>;
export type PanBody = z.infer<typeof panBody>;
export type VariationBody = z.infer<typeof variationBody>;
export type RetextureBody = z.infer<typeof retextureBody>;
export type UploadPaintBody = z.infer<typeof uploadPaintBody>;
