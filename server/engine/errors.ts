import { errorBody, type ErrorBody } from '../../src/contract/errors';

/** A request the engine refuses: becomes the spec's error body with `status` as HTTP status and code. */
export class EngineError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 413 | 422 | 429,
    message: string,
    readonly detail: Record<string, unknown> | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return errorBody(this.status, this.message, this.detail);
  }
}

/** A 400/413/422 about one field, with `detail.fields` shaped like invalidParamsBody's. */
export function fieldError(status: 400 | 413 | 422, field: string, why: string): EngineError {
  return new EngineError(status, `${field} ${why}`, { fields: [{ field, message: why }] });
}
