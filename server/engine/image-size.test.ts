import { describe, expect, it } from 'vitest';
import { imageSize } from './service';

describe('imageSize (--ar)', () => {
  it.each([
    [{ w: 1, h: 1 }, [1024, 1024]],
    [{ w: 16, h: 9 }, [1024, 576]],
    [{ w: 2, h: 3 }, [683, 1024]],
    [{ w: 9, h: 16 }, [576, 1024]],
    // Extreme ratios keep every side inside 500..4096, the range a mask polygon can describe.
    [{ w: 4, h: 1 }, [2000, 500]],
    [{ w: 1, h: 10 }, [500, 4096]],
  ] as const)('%o gives %o', (ratio, size) => {
    const { width, height } = imageSize(ratio);
    expect([width, height]).toEqual(size);
  });
});
