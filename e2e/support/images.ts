import sharp from 'sharp';

/** A small real PNG, made in the test: a gradient with a block, so retexture has shapes to work on. */
export async function makePng(width = 640, height = 640): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const inBlock = x > width / 4 && x < (3 * width) / 4 && y > height / 4 && y < (3 * height) / 4;
      pixels[i] = inBlock ? 230 : Math.round((255 * x) / width);
      pixels[i + 1] = inBlock ? 180 : 60;
      pixels[i + 2] = inBlock ? 40 : Math.round((255 * y) / height);
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
}
