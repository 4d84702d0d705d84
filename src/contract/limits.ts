// Every limit of spec section 8, in one place, so forms, proxy and engine agree.
export const LIMITS = {
  prompt: { min: 1, max: 8192 },
  imageNo: { min: 0, max: 3 },
  videoType: [0, 1] as const,
  videoBatch: [1, 2, 4] as const,
  remixMode: [0, 1] as const,
  panDirection: { min: 0, max: 3 },
  panScale: { min: 1.1, max: 3.0 },
  variationType: [0, 1] as const,
  polygonSide: { min: 500, max: 4096 },
  imgUrlLength: 1024,
  sourceImageBytes: 10 * 1024 * 1024,
  sourceImageTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** Canvas of upload-paint: the same pixel range as a polygon's image. */
  canvasSide: { min: 500, max: 4096 },
} as const;

/** 0 = down, 1 = right, 2 = up, 3 = left (spec 4.5). */
export const PAN_DIRECTIONS = { down: 0, right: 1, up: 2, left: 3 } as const;
export type PanDirectionName = keyof typeof PAN_DIRECTIONS;
