import type { Polygon } from '../../src/contract/common';

// What a task will render, resolved at creation: source files are already on disk (fetched or
// taken from an earlier job), so a restart can render the task again without the network.
// Paths are relative to the engine's data folder.

export type MaskPlan = { areas: Polygon[] } | { file: string };

export type RenderPlan =
  | {
      kind: 'diffusion';
      prompt: string;
      width: number;
      height: number;
      /** `--chaos` 0..100: how far the four images' colours wander apart. */
      chaos?: number;
      /** `--stylize` 0..1000 (100 by default): how vivid the colours are. */
      stylize?: number;
    }
  | { kind: 'variation'; source: string; amount: number; prompt: string }
  | { kind: 'remix'; source: string; amount: number; prompt: string }
  | { kind: 'pan'; source: string; direction: 0 | 1 | 2 | 3; scale: number; prompt: string }
  | { kind: 'inpaint'; source: string; mask: MaskPlan; prompt: string }
  | { kind: 'retexture'; source: string; prompt: string }
  | {
      kind: 'upload_paint';
      source: string;
      canvas: { width: number; height: number };
      imgPos: { width: number; height: number; x: number; y: number };
      mask: MaskPlan;
      prompt: string;
    }
  | {
      kind: 'video';
      source: string;
      end?: string;
      motion: 'low' | 'high';
      loop: boolean;
      batch: 1 | 2 | 4;
      videoType: 0 | 1;
    };

/** What a finished task produced, relative to the files folder, plus the image size. */
export interface TaskFiles {
  images: string[];
  grid?: string;
  videos?: string[];
  width: number;
  height: number;
}
