import { createRandom, hashString } from './prng';

// A prompt's colours. Words a designer uses for colour or mood steer the hue, so "deep ocean" looks
// blue and "autumn forest" looks warm; every other prompt gets a hue from its hash. Either way two
// different prompts get clearly different palettes.

export type Rgb = readonly [number, number, number];

const HUE_WORDS: Record<string, number> = {
  red: 0,
  crimson: 350,
  fire: 15,
  sunset: 20,
  orange: 30,
  autumn: 28,
  desert: 38,
  gold: 45,
  golden: 45,
  yellow: 55,
  lemon: 58,
  spring: 95,
  green: 120,
  forest: 130,
  jungle: 115,
  emerald: 145,
  teal: 175,
  cyan: 185,
  ice: 195,
  sky: 205,
  ocean: 210,
  sea: 210,
  blue: 225,
  night: 235,
  indigo: 250,
  purple: 275,
  violet: 280,
  lavender: 270,
  magenta: 305,
  pink: 325,
  rose: 340,
  // Materials, so that retexture prompts look like what they name.
  rust: 18,
  rusted: 18,
  copper: 24,
  leather: 26,
  wood: 30,
  wooden: 30,
  bronze: 34,
  brass: 44,
  sand: 42,
  paper: 45,
  moss: 95,
  jade: 150,
  glass: 190,
  steel: 210,
  iron: 210,
  chrome: 215,
  velvet: 300,
  brick: 8,
};

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 1
      ? [c, x, 0]
      : hue < 2
        ? [x, c, 0]
        : hue < 3
          ? [0, c, x]
          : hue < 4
            ? [0, x, c]
            : hue < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** How flags steer a palette: `--chaos` turns the hue, `--stylize` scales the saturation. */
export interface PaletteStyle {
  hueShift?: number;
  saturationScale?: number;
}

/** Five colours, darkest first, from the words of a prompt (flags excluded by the caller). */
export function paletteFor(promptBody: string, style: PaletteStyle = {}): Rgb[] {
  const random = createRandom(hashString(`palette:${promptBody.toLowerCase()}`));
  const baseHue = (namedHue(promptBody) ?? random.range(0, 360)) + (style.hueShift ?? 0);
  const scheme = random.pick([
    [0, 30, -30, 180, 15], // analogous with a complement accent
    [0, 120, 240, 60, 180], // triadic
    [0, 150, 210, 20, -20], // split complement
    [0, 10, 20, 30, 200], // warm run, cool accent
  ] as const);
  const saturation = Math.min(1, random.range(0.45, 0.85) * (style.saturationScale ?? 1));
  const lightness = [0.16, 0.32, 0.48, 0.64, 0.82];
  return scheme.map((offset, i) =>
    hslToRgb(baseHue + offset + random.range(-8, 8), saturation * random.range(0.8, 1.1), lightness[i]!),
  );
}

/** The hue of the first colour or material word in a prompt, if it names one. */
export function namedHue(promptBody: string): number | undefined {
  const words = promptBody.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.map((w) => HUE_WORDS[w]).find((h) => h !== undefined);
}

/**
 * Nine colours from dark to light around one hue: a material's tonal ramp for retexture, so that
 * the source's light and shade map onto shades of the named material.
 */
export function materialRamp(promptBody: string): Rgb[] {
  const random = createRandom(hashString(`ramp:${promptBody.toLowerCase()}`));
  const hue = namedHue(promptBody) ?? random.range(0, 360);
  const saturation = random.range(0.35, 0.75);
  return Array.from({ length: 9 }, (_, i) => {
    const t = i / 8;
    // Shadows lean cooler and highlights warmer, as real materials under light do.
    return hslToRgb(hue + (t - 0.5) * 24, saturation * (1 - 0.4 * Math.abs(t - 0.5)), 0.06 + 0.86 * t);
  });
}
