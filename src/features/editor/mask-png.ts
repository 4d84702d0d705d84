import type { MaskRaster } from './raster';

// Browser only: encodes a mask raster as the PNG the service reads (white = repaint, black = keep).
// Every pixel is opaque pure black or pure white, so the PNG is exactly the raster.

export async function maskToPng(raster: MaskRaster): Promise<Blob> {
  const pixels = new Uint8ClampedArray(raster.width * raster.height * 4);
  for (let i = 0; i < raster.data.length; i++) {
    const value = raster.data[i] ? 255 : 0;
    pixels[i * 4] = value;
    pixels[i * 4 + 1] = value;
    pixels[i * 4 + 2] = value;
    pixels[i * 4 + 3] = 255;
  }
  const canvas = document.createElement('canvas');
  canvas.width = raster.width;
  canvas.height = raster.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the mask image (no 2D canvas).');
  context.putImageData(new ImageData(pixels, raster.width, raster.height), 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The mask image could not be encoded.'))),
      'image/png',
    ),
  );
}
