import sharp from 'sharp';
import { hexOf, paletteFor, type PaletteStyle } from './palette';
import { createRandom, hashString } from './prng';
import type { RawImage } from './raw';

// The "model": a procedural picture drawn as SVG and rasterised by sharp. The palette and the kind
// of shapes come from the prompt's words, the composition from prompt + seed, so the same prompt and
// seed always give the same picture and different prompts look clearly different.

export interface SceneRequest {
  /** The prompt without its flags. */
  prompt: string;
  seed: number;
  width: number;
  height: number;
  /** `--chaos` and `--stylize`, when the prompt has them. */
  style?: PaletteStyle;
}

type Motif = 'orbs' | 'peaks' | 'waves' | 'shards' | 'rings';
const MOTIFS: readonly Motif[] = ['orbs', 'peaks', 'waves', 'shards', 'rings'];

export function sceneSvg({ prompt, seed, width: w, height: h, style: look }: SceneRequest): string {
  const palette = paletteFor(prompt, look).map(hexOf);
  const style = createRandom(hashString(`style:${prompt.toLowerCase()}`));
  const random = createRandom(hashString(`${prompt}\u0000${seed}`));
  const motif = style.pick(MOTIFS);
  const secondMotif = style.pick(MOTIFS);
  const angle = random.range(0, 360);
  const [c0, c1, , c3, c4] = palette as [string, string, string, string, string];
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" gradientTransform="rotate(${angle.toFixed(1)} .5 .5)">` +
      `<stop offset="0" stop-color="${c0}"/><stop offset=".55" stop-color="${c1}"/><stop offset="1" stop-color="${c3}"/></linearGradient>` +
      palette
        .map(
          (c, i) =>
            `<radialGradient id="glow${i}"><stop offset="0" stop-color="${c}" stop-opacity=".95"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
        )
        .join('') +
      `</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
  );
  // Soft light first, then the motif, then a horizon that gives the picture a ground.
  for (let i = 0; i < 4; i++) {
    const r = random.range(0.25, 0.6) * Math.max(w, h);
    parts.push(
      `<circle cx="${random.range(0, w).toFixed(1)}" cy="${random.range(0, h).toFixed(1)}" r="${r.toFixed(1)}" fill="url(#glow${random.int(2, 4)})"/>`,
    );
  }
  for (const m of [motif, secondMotif]) parts.push(...motifShapes(m, random, w, h, palette));
  const horizon = random.range(0.55, 0.85) * h;
  let path = `M0 ${h} L0 ${horizon.toFixed(1)}`;
  for (let x = 0; x <= w; x += w / 12)
    path += ` L${x.toFixed(1)} ${(horizon + random.range(-0.08, 0.08) * h).toFixed(1)}`;
  parts.push(`<path d="${path} L${w} ${h} Z" fill="${c0}" fill-opacity=".75"/>`);
  parts.push(
    `<circle cx="${random.range(0.1, 0.9) * w}" cy="${random.range(0.1, 0.4) * h}" r="${random.range(0.04, 0.09) * Math.min(w, h)}" fill="${c4}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

function motifShapes(
  motif: Motif,
  random: ReturnType<typeof createRandom>,
  w: number,
  h: number,
  palette: string[],
) {
  const shapes: string[] = [];
  const size = Math.min(w, h);
  const count = random.int(5, 11);
  for (let i = 0; i < count; i++) {
    const fill = palette[random.int(1, 4)]!;
    const opacity = random.range(0.35, 0.85).toFixed(2);
    const x = random.range(-0.1, 1.1) * w;
    const y = random.range(-0.1, 1.1) * h;
    switch (motif) {
      case 'orbs':
        shapes.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(random.range(0.03, 0.18) * size).toFixed(1)}" fill="${fill}" fill-opacity="${opacity}"/>`,
        );
        break;
      case 'rings':
        shapes.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(random.range(0.05, 0.3) * size).toFixed(1)}" fill="none" stroke="${fill}" stroke-width="${(random.range(0.005, 0.03) * size).toFixed(1)}" stroke-opacity="${opacity}"/>`,
        );
        break;
      case 'peaks': {
        const half = random.range(0.08, 0.3) * w;
        const top = y - random.range(0.1, 0.5) * h;
        shapes.push(
          `<path d="M${(x - half).toFixed(1)} ${h} L${x.toFixed(1)} ${top.toFixed(1)} L${(x + half).toFixed(1)} ${h} Z" fill="${fill}" fill-opacity="${opacity}"/>`,
        );
        break;
      }
      case 'waves': {
        const amplitude = random.range(0.02, 0.08) * h;
        const period = random.range(0.15, 0.45) * w;
        let d = `M0 ${y.toFixed(1)}`;
        for (let px = 0; px <= w + period; px += period / 2)
          d += ` Q${(px + period / 4).toFixed(1)} ${(y + (((px / period) * 2) % 2 ? amplitude : -amplitude)).toFixed(1)} ${(px + period / 2).toFixed(1)} ${y.toFixed(1)}`;
        shapes.push(
          `<path d="${d} L${w} ${h} L0 ${h} Z" fill="${fill}" fill-opacity="${(Number(opacity) * 0.6).toFixed(2)}"/>`,
        );
        break;
      }
      case 'shards': {
        const r = random.range(0.05, 0.2) * size;
        const a = random.range(0, Math.PI * 2);
        const pts = [0, 2.1, 4.2].map(
          (k) =>
            `${(x + r * Math.cos(a + k + random.range(-0.4, 0.4))).toFixed(1)},${(y + r * Math.sin(a + k + random.range(-0.4, 0.4))).toFixed(1)}`,
        );
        shapes.push(`<polygon points="${pts.join(' ')}" fill="${fill}" fill-opacity="${opacity}"/>`);
        break;
      }
    }
  }
  return shapes;
}

export async function renderScene(request: SceneRequest): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(sceneSvg(request)))
    .resize(request.width, request.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
