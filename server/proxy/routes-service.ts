import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { jobIdSchema } from '../../src/contract/common';
import { errorBody, invalidParamsBody } from '../../src/contract/errors';
import { OPERATIONS, isOperationPath } from '../../src/contract/operations';
import type { Balance } from '../../src/contract/task';
import type { ProxyDeps } from './deps';
import { Failure } from './failure';
import { readOperationBody } from './read-json';

// The service interface itself, same origin and without a key: the eight operations, Get Task and
// the balance. Bodies are checked with the shared contract before anything goes upstream.

/** Prompts, masks with many polygons: generous, still far from anything abusive. */
const MAX_OPERATION_BODY = 2 * 1024 * 1024;
const BALANCE_FRESH_MS = 1000;

export function serviceRoutes(deps: ProxyDeps) {
  const app = new Hono();
  let balanceRead: { at: number; answer: Promise<Balance> } | undefined;

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
      balanceRead = undefined;
      return c.json(task, 200);
    },
  );

  app.get('/api/v1/job/:jobId', async (c) => {
    const jobId = c.req.param('jobId');
    const checked = jobIdSchema.safeParse(jobId);
    if (!checked.success) return c.json(invalidParamsBody(checked.error), 400);
    return c.json(await deps.tracker.current(jobId));
  });

  // Every open studio asks for the balance after each create: one shared read per second is plenty,
  // and a create (which freezes points) makes the next ask read afresh.
  app.get('/api/account/balance', async (c) => {
    if (!balanceRead || Date.now() - balanceRead.at >= BALANCE_FRESH_MS) {
      const answer = deps.upstream.balance();
      balanceRead = { at: Date.now(), answer };
      answer.catch(() => {
        if (balanceRead?.answer === answer) balanceRead = undefined;
      });
    }
    return c.json(await balanceRead.answer);
  });

  return app;
}
