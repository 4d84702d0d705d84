import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { createRandom } from './prng';
import { coverRgb, mixBytes, type RawImage } from './raw';

// Video from an image: a camera move over the source (gentle for `--motion low`, large for
// `--motion high`), encoded as H.264 in MP4 (checked to play in Debian's Chromium). `--loop` moves
// out and back so the last frame is the first; `--end` cross-fades into the given image.

export const VIDEO_FPS = 24;
export const VIDEO_SECONDS = 2.5;
export const VIDEO_FRAMES = Math.round(VIDEO_FPS * VIDEO_SECONDS);

export interface VideoRequest {
  /** The source image file (the first frame). */
  source: Buffer | string;
  /** The image the video ends on (`--end`), if any. */
  end?: Buffer | string;
  motion: 'low' | 'high';
  loop: boolean;
  /** 0 = 480p, 1 = 720p. */
  videoType: 0 | 1;
  seed: number;
  /** Kills the encoder when the engine closes. */
  signal?: AbortSignal;
}

/** The frame size: the short side is 480 or 720, the long side follows the source, both even. */
export function videoSize(sourceWidth: number, sourceHeight: number, videoType: 0 | 1) {
  const short = videoType === 1 ? 720 : 480;
  const ratio = Math.min(2, Math.max(0.5, sourceWidth / sourceHeight));
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  return ratio >= 1
    ? { width: even(short * ratio), height: short }
    : { width: short, height: even(short / ratio) };
}

/** Renders one MP4 into `outFile` (MP4 with faststart needs a seekable file, not a pipe). */
export async function renderVideo(request: VideoRequest, outFile: string): Promise<void> {
  const meta = await sharp(request.source).metadata();
  const { width, height } = videoSize(meta.width ?? 1, meta.height ?? 1, request.videoType);
  // The camera works on a double-size copy so slow moves do not step a whole output pixel at a time.
  const base = await coverRgb(request.source, width * 2, height * 2);
  const end = request.end ? await coverRgb(request.end, width, height) : undefined;
  const random = createRandom(request.seed);
  const high = request.motion === 'high';
  const zoomTo = high ? random.range(1.3, 1.45) : random.range(1.04, 1.07);
  const heading = random.range(0, Math.PI * 2);
  const travel = high ? 0.9 : 0.3; // share of the free margin the camera crosses

  const encoder = startEncoder(width, height, outFile, request.signal);
  try {
    for (let frame = 0; frame < VIDEO_FRAMES; frame++) {
      const t = frame / (VIDEO_FRAMES - 1);
      // Loop: out and back (sin(πt) is 0 at both ends), so the last frame equals the first.
      const progress = request.loop && !end ? Math.sin(Math.PI * t) : easeInOut(t);
      let pixels: Buffer = await cameraFrame(
        base,
        width,
        height,
        1 + (zoomTo - 1) * progress,
        heading,
        travel * progress,
      );
      if (end) {
        // The last third fades into the end image; the last frame is the end image itself.
        const fade = Math.min(1, Math.max(0, (t - 0.65) / 0.35));
        if (fade > 0) pixels = mixBytes(pixels, end.data, fade);
      }
      await encoder.write(pixels);
    }
    return await encoder.finish();
  } catch (error) {
    encoder.kill();
    throw error;
  }
}

function easeInOut(t: number) {
  return t * t * (3 - 2 * t);
}

async function cameraFrame(
  base: RawImage,
  width: number,
  height: number,
  zoom: number,
  heading: number,
  travel: number,
) {
  const cropWidth = Math.round(base.width / zoom);
  const cropHeight = Math.round(base.height / zoom);
  const marginX = (base.width - cropWidth) / 2;
  const marginY = (base.height - cropHeight) / 2;
  const left = Math.round(marginX + Math.cos(heading) * marginX * travel);
  const top = Math.round(marginY + Math.sin(heading) * marginY * travel);
  return (
    sharp(base.data, { raw: { width: base.width, height: base.height, channels: 3 } })
      .extract({ left, top, width: cropWidth, height: cropHeight })
      // Linear is plenty for frames that move and are compressed right after, and much cheaper.
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer()
  );
}

interface Encoder {
  write(frame: Buffer): Promise<void>;
  finish(): Promise<void>;
  kill(): void;
}

function startEncoder(width: number, height: number, outFile: string, signal?: AbortSignal): Encoder {
  // One thread and the fastest preset: the machine is shared and a few seconds of video do not need more.
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${width}x${height}`,
    '-r',
    String(VIDEO_FPS),
    '-i',
    'pipe:0',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'stillimage',
    '-crf',
    '20',
    '-threads',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    outFile,
  ];
  const child = spawn(ffmpegInstaller.path, args, { stdio: ['pipe', 'ignore', 'pipe'], signal });
  let stderr = '';
  // A write after ffmpeg died is reported by write()'s callback; the stream error itself is expected.
  child.stdin.on('error', () => undefined);
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(0, 300)}`)),
    );
  });
  exited.catch(() => undefined); // observed in finish(); avoids an unhandled rejection while writing
  return {
    write: (frame) =>
      new Promise<void>((resolve, reject) => {
        if (child.stdin.destroyed) return reject(new Error(`ffmpeg stopped: ${stderr.trim().slice(0, 300)}`));
        child.stdin.write(frame, (error) => (error ? reject(error) : resolve()));
      }),
    finish: () => {
      child.stdin.end();
      return exited;
    },
    kill: () => {
      child.stdin.destroy();
      child.kill('SIGKILL');
    },
  };
}
