// How a designer (or a test) makes a task fail on purpose: put the word `failtest` anywhere in the
// prompt (`text`, `prompt` or `remixPrompt`, any case). The task is accepted, runs, then fails with
// the error below and its points are refunded, exactly like a real generation failure.
export const FAILURE_TRIGGER = 'failtest';

const pattern = new RegExp(`\\b${FAILURE_TRIGGER}\\b`, 'i');

export function asksToFail(prompt: string): boolean {
  return pattern.test(prompt);
}

export const TRIGGERED_FAILURE = {
  code: 10001,
  message: 'Generation failed: the prompt asked the engine to fail (failtest)',
  raw_message: 'failtest trigger word in prompt',
} as const;

/** The error of a task whose rendering broke: our fault, so no internals in the message. */
export const RENDER_FAILURE = { code: 10002, message: 'Generation failed while rendering' } as const;
