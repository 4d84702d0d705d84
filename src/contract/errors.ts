import { z } from 'zod';

/** The error body of spec 7: `code` equals the HTTP status. */
export const errorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  raw_message: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_STATUSES = [400, 401, 402, 403, 404, 405, 413, 415, 422, 429, 500, 502, 503, 504] as const;

export function errorBody(
  code: number,
  message: string,
  detail: Record<string, unknown> | null = null,
): ErrorBody {
  return { code, message, raw_message: '', detail };
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Flattens zod issues into `field: why` pairs, with dotted paths (`mask.areas.0.width`). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') message = `unknown field(s): ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_type' && issue.input === undefined) message = 'is required';
    return { field: issue.path.map(String).join('.') || '(body)', message };
  });
}

/**
 * The 400 body for a body that fails its schema: the message names the first field and why,
 * `detail.fields` lists every one.
 */
export function invalidParamsBody(error: z.ZodError): ErrorBody {
  const fields = fieldIssues(error);
  const first = fields[0];
  const message = first
    ? `Invalid request parameters: ${first.field} ${first.message}`
    : 'Invalid request parameters';
  return errorBody(400, message, { fields });
}
