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
