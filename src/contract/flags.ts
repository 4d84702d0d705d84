// Prompt flags: `--name value` pairs at the end of a prompt (spec 4.1, 4.2).
// parsePrompt and formatPrompt are inverse: parsePrompt(formatPrompt(p)) equals p for any parsed p.

export type FlagSpec =
  | { kind: 'switch'; label: string }
  | { kind: 'int'; label: string; min: number; max: number }
  | { kind: 'choice'; label: string; values: readonly string[] }
  | { kind: 'ratio'; label: string }
  | { kind: 'words'; label: string }
  | { kind: 'url'; label: string };

/** Known flags by canonical name. Unknown flags are kept as they are: the service has more than we list. */
export const FLAG_SPECS = {
  ar: { kind: 'ratio', label: 'Aspect ratio' },
  v: { kind: 'choice', label: 'Version', values: ['1', '2', '3', '4', '5', '5.1', '5.2', '6', '6.1', '7'] },
  draft: { kind: 'switch', label: 'Draft' },
  stylize: { kind: 'int', label: 'Stylize', min: 0, max: 1000 },
  chaos: { kind: 'int', label: 'Chaos', min: 0, max: 100 },
  seed: { kind: 'int', label: 'Seed', min: 0, max: 4294967295 },
  no: { kind: 'words', label: 'Exclude' },
  raw: { kind: 'switch', label: 'Raw' },
  q: { kind: 'choice', label: 'Quality', values: ['.25', '.5', '1', '2', '4'] },
  weird: { kind: 'int', label: 'Weird', min: 0, max: 3000 },
  tile: { kind: 'switch', label: 'Tile' },
  // video flags (spec 4.2)
  motion: { kind: 'choice', label: 'Motion', values: ['low', 'high'] },
  end: { kind: 'url', label: 'End frame' },
  loop: { kind: 'switch', label: 'Loop' },
  bs: { kind: 'choice', label: 'Batch size', values: ['1', '2', '4'] },
} as const satisfies Record<string, FlagSpec>;

export type KnownFlagName = keyof typeof FLAG_SPECS;

export const IMAGE_FLAGS = [
  'ar',
  'v',
  'draft',
  'stylize',
  'chaos',
  'seed',
  'no',
  'raw',
  'q',
  'weird',
  'tile',
] as const;
export const VIDEO_FLAGS = ['motion', 'raw', 'end', 'loop', 'bs'] as const;

const ALIASES: Record<string, KnownFlagName> = {
  aspect: 'ar',
  version: 'v',
  s: 'stylize',
  c: 'chaos',
  quality: 'q',
  w: 'weird',
};

export interface Flag {
  /** Canonical name, without the dashes. */
  name: string;
  /** The value as written, or '' for a switch. */
  value: string;
}

export interface ParsedPrompt {
  /** The words before the first flag, trimmed. */
  body: string;
  flags: Flag[];
}

const FLAG_TOKEN = /^--([a-zA-Z][\w-]*)$/;

export function canonicalFlagName(name: string): string {
  const lower = name.toLowerCase();
  return ALIASES[lower] ?? lower;
}

export function parsePrompt(text: string): ParsedPrompt {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const firstFlag = tokens.findIndex((t) => FLAG_TOKEN.test(t));
  if (firstFlag === -1) return { body: tokens.join(' '), flags: [] };
  const flags: Flag[] = [];
  for (const token of tokens.slice(firstFlag)) {
    const match = FLAG_TOKEN.exec(token);
    if (match) flags.push({ name: canonicalFlagName(match[1]!), value: '' });
    else {
      const last = flags[flags.length - 1]!;
      last.value = last.value ? `${last.value} ${token}` : token;
    }
  }
  return { body: tokens.slice(0, firstFlag).join(' '), flags };
}

export function formatPrompt({ body, flags }: ParsedPrompt): string {
  const parts = [body.trim(), ...flags.map((f) => (f.value ? `--${f.name} ${f.value}` : `--${f.name}`))];
  return parts.filter(Boolean).join(' ');
}

export function getFlag(parsed: ParsedPrompt, name: string): Flag | undefined {
  return parsed.flags.find((f) => f.name === name);
}

/** Sets (or with `value === undefined` removes) a flag, keeping the others in their order. */
export function setFlag(parsed: ParsedPrompt, name: string, value: string | undefined): ParsedPrompt {
  const canonical = canonicalFlagName(name);
  const exists = parsed.flags.some((f) => f.name === canonical);
  let flags: Flag[];
  if (value === undefined) flags = parsed.flags.filter((f) => f.name !== canonical);
  else if (exists) flags = parsed.flags.map((f) => (f.name === canonical ? { name: canonical, value } : f));
  else flags = [...parsed.flags, { name: canonical, value }];
  return { body: parsed.body, flags };
}

/** Why a known flag's value is wrong, or null when it is fine (unknown flags are not ours to judge). */
export function flagIssue(flag: Flag): string | null {
  const spec = (FLAG_SPECS as Record<string, FlagSpec>)[flag.name];
  if (!spec) return null;
  const v = flag.value;
  switch (spec.kind) {
    case 'switch':
      return v === '' ? null : `--${flag.name} takes no value`;
    case 'int': {
      if (!/^\d+$/.test(v)) return `--${flag.name} must be a whole number ${spec.min} to ${spec.max}`;
      const n = Number(v);
      return n >= spec.min && n <= spec.max ? null : `--${flag.name} must be ${spec.min} to ${spec.max}`;
    }
    case 'choice': {
      const normal = v.replace(/^0(?=\.)/, '');
      return spec.values.includes(normal) ? null : `--${flag.name} must be one of ${spec.values.join(', ')}`;
    }
    case 'ratio': {
      const m = /^(\d{1,4}):(\d{1,4})$/.exec(v);
      return m && Number(m[1]) > 0 && Number(m[2]) > 0
        ? null
        : `--${flag.name} must look like W:H, e.g. 16:9`;
    }
    case 'words':
      return v === '' ? `--${flag.name} needs the words to leave out` : null;
    case 'url':
      return /^https?:\/\/\S+$/.test(v) ? null : `--${flag.name} must be an http(s) image URL`;
  }
}

export function promptFlagIssues(text: string): string[] {
  const issues: string[] = [];
  for (const flag of parsePrompt(text).flags) {
    const issue = flagIssue(flag);
    if (issue) issues.push(issue);
  }
  return issues;
}

/** `--ar W:H` as numbers, or 1:1 when absent or malformed. */
export function aspectRatio(parsed: ParsedPrompt): { w: number; h: number } {
  const m = /^(\d+):(\d+)$/.exec(getFlag(parsed, 'ar')?.value ?? '');
  const w = Number(m?.[1]);
  const h = Number(m?.[2]);
  return w > 0 && h > 0 ? { w, h } : { w: 1, h: 1 };
}
