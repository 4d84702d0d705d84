import type { Context } from 'hono';
import { errorBody } from '../../src/contract/errors';
import { Failure } from './failure';

/** The request's JSON object body, or a 400 that says what is wrong with it. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Failure(
      400,
      errorBody(400, 'Malformed body: it is not valid JSON', {
        fields: [{ field: '(body)', message: 'is not valid JSON' }],
      }),
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Failure(
      400,
      errorBody(400, 'Malformed body: it must be a JSON object', {
        fields: [{ field: '(body)', message: 'must be a JSON object' }],
      }),
    );
  return value as Record<string, unknown>;
}

const STRUCTURED_PARTS = new Set(['canvas', 'imgPos', 'mask']);

/**
 * Spec 4.8 declares upload-paint as multipart/form-data whose `canvas`, `imgPos` and `mask` parts are
 * JSON text; the reference request sends JSON. Both are accepted here and go upstream as JSON.
 */
export async function readOperationBody(c: Context, operation: string): Promise<Record<string, unknown>> {
  const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
  if (operation !== 'upload-paint' || !multipart) return readJsonObject(c);
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw invalid('(body)', 'is not valid multipart/form-data');
  }
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(form)) {
    if (typeof value !== 'string') throw invalid(field, 'must be a single text part');
    if (!STRUCTURED_PARTS.has(field)) {
      body[field] = value;
      continue;
    }
    try {
      body[field] = JSON.parse(value) as unknown;
    } catch {
      throw invalid(field, 'must be JSON text');
    }
  }
  return body;
}

function invalid(field: string, message: string) {
  return new Failure(
    400,
    errorBody(400, `Invalid request parameters: ${field} ${message}`, { fields: [{ field, message }] }),
  );
}
