import { formatPrompt, parsePrompt, setFlag } from '../../../contract/flags';
import type { VideoBatch } from '../../../contract/points';

export interface VideoOptions {
  /** The words describing the motion (flags typed here are kept). */
  text: string;
  resolution: 0 | 1;
  motion: 'low' | 'high';
  raw: boolean;
  loop: boolean;
  /** Absolute http(s) URL of the last frame, or '' for none. */
  endUrl: string;
  batch: VideoBatch;
}

export const DEFAULT_VIDEO_OPTIONS: VideoOptions = {
  text: '',
  resolution: 0,
  motion: 'low',
  raw: false,
  loop: false,
  endUrl: '',
  batch: 4,
};

/**
 * The video prompt with its flags (spec 4.2). Defaults are left out (motion low, batch 4) so the prompt
 * says only what the designer chose. `sourceUrl` makes it the `[url] prompt` form (method B).
 */
export function videoPrompt(options: VideoOptions, sourceUrl?: string): string | undefined {
  let parsed = parsePrompt(options.text);
  parsed = setFlag(parsed, 'motion', options.motion === 'high' ? 'high' : undefined);
  parsed = setFlag(parsed, 'raw', options.raw ? '' : undefined);
  parsed = setFlag(parsed, 'loop', options.loop && !options.endUrl ? '' : undefined);
  parsed = setFlag(parsed, 'end', options.endUrl || undefined);
  parsed = setFlag(parsed, 'bs', options.batch === 4 ? undefined : String(options.batch));
  const prompt = formatPrompt(parsed);
  if (sourceUrl) return prompt ? `${sourceUrl} ${prompt}` : sourceUrl;
  return prompt || undefined;
}
