import { afterEach, beforeEach, expect, it } from 'vitest';
import { startHarness, type Harness } from './testing/harness';

// A browser that hangs up while sending its body is a client event, not a server fault: the answer is
// a 4xx in the spec's shape and the operator's log holds no error-level line for it.

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

it('answers a body cut off by the client with a 400 and logs no error', async () => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"text": "a lighthouse'));
      controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    },
  });
  const response = await h.request('/api/v1/diffusion', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  const errorBody = (await response.json()) as { code: number };
  expect(errorBody.code).toBe(response.status);
  const levels = h.logLines.map((line) => (JSON.parse(line) as { level: number }).level);
  expect(levels.filter((level) => level >= 50)).toEqual([]);
  expect(h.fake.creates).toHaveLength(0);
});
