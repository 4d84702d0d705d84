import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { jobIdSchema } from '../../src/contract/common';
import { errorBody, invalidParamsBody } from '../../src/contract/errors';
import { OPERATIONS, isOperationPath } from '../../src/contract/operations';
import type { ProxyDeps } from './deps';
import { Failure } from './failure';
import { readOperationBody } from './read-json';

// The service interface itself, same origin and without a key: the eight operations, Get Task and
// the balance. Bodies are checked with the shared contract before anything goes upstream.

/** Prompts, masks with many polygons: generous, still far from anything abusive. */
const MAX_OPERATION_BODY = 2 * 1024 * 1024;

export function serviceRoutes(deps: ProxyDeps) {
  const app = new Hono();

  app.post(
    '/api/v1/:operation',
    bodyLimit({
      maxSize: MAX_OPERATION_BODY,
      onError: (c) => c.json(errorBody(413, 'The request body is too large'), 413),
    }),
    async (c) => {
      const operation = c.req.param('operation');
      if (!isOperationPath(operation)) throw new Failure(404, `No operation ${operation}`);
      const body = await readOperationBody(c, operation);
      const parsed = OPERATIONS[operation].body.safeParse(body);
      if (!parsed.success) return c.json(invalidParamsBody(parsed.error), 400);
      const task = await deps.tracker.create(operation, parsed.data as Record<string, unknown>);
      return c.json(task, 200);
    },
  );

  app.get('/api/v1/job/:jobId', async (c) => {
    const jobId = c.req.param('jobId');
    const checked = jobIdSchema.safeParse(jobId);
    if (!checked.success) return c.json(invalidParamsBody(checked.error), 400);
    return c.json(await deps.tracker.current(jobId));
  });

  app.get('/api/account/balance', async (c) => c.json(await deps.upstream.balance()));

  return app;
}
