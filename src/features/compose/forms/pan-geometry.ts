import { PAN_DIRECTIONS, type PanDirectionName } from '../../../contract/limits';

export interface Size {
  width: number;
  height: number;
}

/** The size after a pan: the image grows by `scale` along the one direction (spec 4.5). */
export function panResultSize(source: Size, direction: PanDirectionName, scale: number): Size {
  const horizontal = direction === 'left' || direction === 'right';
  return {
    width: horizontal ? Math.round(source.width * scale) : source.width,
    height: horizontal ? source.height : Math.round(source.height * scale),
  };
}

export interface PanPreview {
  /** The whole result, fitted into the preview box, in CSS pixels. */
  ghost: Size;
  /** Where the source image sits inside the ghost. */
  image: Size & { left: number; top: number };
}

/** Fits the result into a `box` and places the source where it stays: opposite the direction of growth. */
export function panPreview(source: Size, direction: PanDirectionName, scale: number, box: Size): PanPreview {
  const result = panResultSize(source, direction, scale);
  const fit = Math.min(box.width / result.width, box.height / result.height);
  const ghost = { width: result.width * fit, height: result.height * fit };
  const image = { width: source.width * fit, height: source.height * fit };
  return {
    ghost,
    image: {
      ...image,
      left: direction === 'left' ? ghost.width - image.width : 0,
      top: direction === 'up' ? ghost.height - image.height : 0,
    },
  };
}

export function panDirectionValue(direction: PanDirectionName): number {
  return PAN_DIRECTIONS[direction];
}
