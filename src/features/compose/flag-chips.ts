import {
  FLAG_SPECS,
  type FlagSpec,
  type KnownFlagName,
  flagIssue,
  formatPrompt,
  parsePrompt,
  setFlag,
} from '../../contract/flags';

// The flag builder's model. The prompt text is the one source of truth: chips are read from it with
// parsePrompt and written back with setFlag + formatPrompt, so typing and clicking never disagree.

export interface FlagChip {
  name: string;
  value: string;
  /** null for a flag the service has but we do not list: shown as is, removable, never judged. */
  spec: FlagSpec | null;
  issue: string | null;
}

/** What a flag starts at when added from the menu: the service's own default where it has one. */
export function defaultFlagValue(name: KnownFlagName, random: () => number = Math.random): string {
  switch (name) {
    case 'ar':
      return '16:9';
    case 'v':
      return '7';
    case 'stylize':
      return '100';
    case 'chaos':
    case 'weird':
      return '0';
    case 'seed':
      return String(Math.floor(random() * 4294967295));
    case 'q':
      return '1';
    case 'motion':
      return 'low';
    case 'bs':
      return '4';
    default:
      return '';
  }
}

export function flagChips(prompt: string): FlagChip[] {
  return parsePrompt(prompt).flags.map((flag) => {
    const spec = (FLAG_SPECS as Record<string, FlagSpec>)[flag.name] ?? null;
    return { ...flag, spec, issue: flagIssue(flag) };
  });
}

/** The known flags of `names` not yet in the prompt, for the "Add flag" menu. */
export function addableFlags(prompt: string, names: readonly KnownFlagName[]): KnownFlagName[] {
  const present = new Set(parsePrompt(prompt).flags.map((f) => f.name));
  return names.filter((n) => !present.has(n));
}

/**
 * The prompt with one flag set (or removed with `undefined`). A value cannot smuggle in another flag,
 * and numbers and ratios hold no spaces.
 */
export function withFlag(prompt: string, name: string, value: string | undefined): string {
  let clean = value;
  if (clean !== undefined) {
    const spec = (FLAG_SPECS as Record<string, FlagSpec>)[name];
    clean = clean.replace(/(^|\s)--/g, '$1');
    if (spec && spec.kind !== 'words') clean = clean.replace(/\s+/g, '');
  }
  return formatPrompt(setFlag(parsePrompt(prompt), name, clean));
}

/** The prompt's words, without its flags. */
export function promptBody(prompt: string): string {
  return parsePrompt(prompt).body;
}

/** Every flag issue of a prompt, for the form to block submission with a reason. */
export function promptIssues(prompt: string): string[] {
  return flagChips(prompt)
    .map((c) => c.issue)
    .filter((i): i is string => i !== null);
}
