import { z } from 'zod';
import { ApiError } from '../../api/client';
import type { CreateTaskInput } from '../../api/tasks';
import { uploadFile } from '../../api/uploads';
import { fieldIssues } from '../../contract/errors';
import type { Mask } from '../../contract/common';
import type { EditorSource } from '../../lib/editor-request';
import { exportCanvasMask, exportMask } from './export-mask';
import { roundPlacement, type Placement, type Size } from './geometry';
import { maskToPng } from './mask-png';
import type { EditorDoc } from './model';
import { rasteriseMask } from './raster';

// Turns what the designer drew into the request body: mask.areas for polygons, or a painted PNG
// uploaded and sent as mask.url. Nothing here touches the drawing, so a failure loses nothing.

export interface SubmitInput {
  mode: 'inpaint' | 'edit';
  source: EditorSource;
  imageSize: Size;
  doc: EditorDoc;
  prompt: string;
  canvas: Size | null;
  placement: Placement;
}

export async function buildRequest(input: SubmitInput): Promise<CreateTaskInput> {
  const mask = await buildMask(input);
  const prompt = input.prompt.trim();
  if (input.mode === 'inpaint') {
    if (input.source.jobId === undefined || input.source.imageNo === undefined)
      throw new Error('Inpaint works on an image generated in the studio; use Edit for an uploaded image.');
    return {
      operation: 'inpaint',
      body: {
        jobId: input.source.jobId,
        imageNo: input.source.imageNo,
        mask,
        ...(prompt ? { remixPrompt: prompt } : {}),
      },
    };
  }
  if (!input.canvas) throw new Error('Choose a canvas size first.');
  return {
    operation: 'upload-paint',
    body: {
      imgUrl: absoluteUrl(input.source.url),
      canvas: input.canvas,
      imgPos: roundPlacement(input.placement),
      mask,
      remixPrompt: prompt,
    },
  };
}

async function buildMask(input: SubmitInput): Promise<Mask> {
  const exported =
    input.mode === 'edit' && input.canvas
      ? exportCanvasMask(input.doc, input.imageSize, input.canvas, input.placement)
      : exportMask(input.doc, input.imageSize);
  if (exported.kind === 'areas') return { areas: exported.areas };
  if (exported.kind === 'empty' && input.mode === 'inpaint')
    throw new Error('The mask is empty: draw the area to repaint first.');
  // Upload-paint with nothing masked still needs a mask: an all-black one keeps the whole image and
  // only the uncovered canvas is generated.
  const raster =
    exported.kind === 'png'
      ? exported.raster
      : rasteriseMask({ shapes: [], inverted: false }, input.imageSize);
  const uploaded = await uploadFile(await maskToPng(raster), 'mask.png');
  return { url: uploaded.url };
}

/** Gallery images have same-origin /files/... URLs; the service needs an absolute one. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** A failure in plain words, for the designer; the drawing and prompt stay as they are. */
export function describeFailure(error: unknown): string {
  if (error instanceof z.ZodError) {
    const first = fieldIssues(error)[0];
    return first
      ? `This request would be refused: ${first.field} ${first.message}.`
      : 'This request is not valid.';
  }
  if (error instanceof ApiError) {
    const said = error.body?.message;
    switch (error.status) {
      case 400:
      case 422:
        return `The service refused the request: ${said ?? 'invalid parameters'}.`;
      case 401:
        return 'The studio is not signed in to the service. Sign in again, then submit.';
      case 402:
        return 'Not enough points left for this job.';
      case 403:
        return `The service refused the prompt: ${said ?? 'sensitive content or no permission'}.`;
      case 413:
        return 'The mask or image is too large to send.';
      case 429:
        return error.retryAfterSeconds !== null
          ? `Too many jobs at once. Try again in ${error.retryAfterSeconds} s.`
          : 'Too many jobs at once. Try again in a moment.';
      default:
        return 'The service had a problem. Your mask and prompt are kept: try again.';
    }
  }
  if (error instanceof TypeError)
    return 'The studio could not reach the server. Check the connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}
