import { errorBody, type ErrorBody } from '../../src/contract/errors';

/**
 * A request that cannot be served, carrying the spec's error body (section 7) and any headers the
 * answer needs (Retry-After). The app's one error handler turns it into the response.
 */
export class Failure extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody | string, headers: Record<string, string> = {}) {
    const errorBodyValue = typeof body === 'string' ? errorBody(status, body) : body;
    super(errorBodyValue.message);
    this.name = 'Failure';
    this.status = status;
    this.body = errorBodyValue;
    this.headers = headers;
  }
}
