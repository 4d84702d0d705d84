// Request errors in plain words. A designer should know what happened and what to do, and never lose
// what they typed: callers show this next to the form and keep its state.

export interface PlainError {
  /** One sentence a designer can act on. */
  message: string;
  /** The request field that is wrong (400), so the form can mark it. */
  field?: string;
  /** Seconds until an automatic retry (429). */
  retryAfterSeconds?: number;
}

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  body?: { message?: string; detail?: Record<string, unknown> | null } | null;
  retryAfterSeconds?: number | null;
  issues?: { path: PropertyKey[]; message: string }[];
}

const DEFAULT_RETRY_SECONDS = 5;

/** Works on ApiError and on a ZodError from the client-side check, without importing zod. */
export function describeRequestError(error: unknown): PlainError {
  const e = (error ?? {}) as ErrorLike;
  if (e.name === 'ZodError' && Array.isArray(e.issues) && e.issues[0]) {
    const first = e.issues[0];
    const field = first.path.map(String).join('.');
    return { field, message: `Check ${fieldLabel(field)}: ${first.message}.` };
  }
  if (e.name === 'AbortError') return { message: 'The request was cancelled.' };
  switch (e.status) {
    case undefined:
      return {
        message:
          e.name === 'TypeError'
            ? 'The studio server cannot be reached. Check that it is running, then try again.'
            : `Something went wrong: ${e.message ?? 'unknown error'}.`,
      };
    case 400: {
      const field = firstField(e.body?.detail) ?? fieldFromMessage(e.body?.message);
      const why = e.body?.message?.replace(/^Invalid request parameters:\s*/, '') ?? 'a field is wrong';
      return field
        ? { field, message: `Check ${fieldLabel(field)}: ${stripField(why, field)}.` }
        : { message: `The request was refused: ${why}.` };
    }
    case 401:
      // The proxy answers 401 itself when the studio's password session is missing or over.
      return /log in/i.test(e.body?.message ?? '')
        ? {
            message:
              'Your studio session has ended. Reload the page and log in again; what you typed stays here.',
          }
        : {
            message:
              "The generation service refused the server's API key. Ask whoever runs the studio to check it.",
          };
    case 402:
      return {
        message: 'Not enough points left for this job. Top up the account, or pick a cheaper option.',
      };
    case 403:
      return { message: 'The prompt was refused by the content filter. Reword it and try again.' };
    case 413:
      return { message: 'The file is too large: at most 10 MB.' };
    case 415:
      return { message: 'That file type is not supported: use JPG, PNG or WebP.' };
    case 422:
      return { message: `The service cannot act on this: ${e.body?.message ?? 'the source is not ready'}.` };
    case 429: {
      const seconds = Math.max(1, Math.ceil(e.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS));
      return { retryAfterSeconds: seconds, message: `The service is busy: retrying in ${seconds} s.` };
    }
    default:
      return e.status >= 500
        ? { message: 'The service had a problem on its side. Your input is kept: try again in a moment.' }
        : { message: e.body?.message ?? `The request failed (${e.status}).` };
  }
}

const FIELD_LABELS: Record<string, string> = {
  text: 'the prompt',
  prompt: 'the prompt',
  remixPrompt: 'the prompt',
  imgUrl: 'the source image',
  jobId: 'the source job',
  imageNo: 'the image number',
  scale: 'the scale',
  direction: 'the direction',
  videoType: 'the resolution',
  mode: 'the mode',
  type: 'the variation type',
  file: 'the file',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field.split('.')[0] ?? ''] ?? field;
}

function firstField(detail: Record<string, unknown> | null | undefined): string | undefined {
  const fields = detail?.fields;
  if (!Array.isArray(fields)) return undefined;
  const first = fields[0] as { field?: unknown } | undefined;
  return typeof first?.field === 'string' && first.field !== '(body)' ? first.field : undefined;
}

function fieldFromMessage(message: string | undefined): string | undefined {
  return /^Invalid request parameters:\s*([\w.]+)\s/.exec(message ?? '')?.[1];
}

function stripField(why: string, field: string): string {
  return why.startsWith(`${field} `) ? why.slice(field.length + 1) : why;
}
