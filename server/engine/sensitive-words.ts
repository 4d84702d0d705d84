// The small list of words that make the engine answer 403, as the real service does for sensitive
// content. Whole words, any case. Keep the test-failure word (see failure.ts) out of this list.
export const SENSITIVE_WORDS: readonly string[] = [
  'nsfw',
  'nude',
  'naked',
  'porn',
  'gore',
  'beheading',
  'massacre',
];

const pattern = new RegExp(`\\b(${SENSITIVE_WORDS.join('|')})\\b`, 'i');

/** The first sensitive word in a prompt, or null. */
export function sensitiveWordIn(prompt: string): string | null {
  return pattern.exec(prompt)?.[1]?.toLowerCase() ?? null;
}
