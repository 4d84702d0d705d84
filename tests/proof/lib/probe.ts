import { errorBodySchema } from '../../../src/contract/errors';
import type { BadRequest } from './bad-bodies';

// The verdict on one bad request: a 4xx the case allows, JSON in the spec's error shape with
// code === status, a message a person can act on, and no secret anywhere in the answer.

export interface Exchange {
  status: number;
  contentType: string;
  text: string;
}

export function problemsWith(c: BadRequest, answer: Exchange, secrets: readonly string[] = []): string[] {
  const problems: string[] = [];
  const where = `${c.method} ${c.path} [${c.name}]`;
  if (answer.status >= 500) problems.push(`${where}: ${answer.status}, a server error`);
  else if (!c.expect.includes(answer.status))
    problems.push(
      `${where}: ${answer.status}, expected ${c.expect.join(' or ')}: ${answer.text.slice(0, 160)}`,
    );
  if (!answer.contentType.includes('application/json'))
    problems.push(`${where}: content-type ${answer.contentType}`);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    problems.push(`${where}: body is not JSON: ${answer.text.slice(0, 80)}`);
    return problems;
  }
  const body = errorBodySchema.safeParse(json);
  if (!body.success)
    problems.push(`${where}: body is not the spec's error shape: ${answer.text.slice(0, 160)}`);
  else {
    if (body.data.code !== answer.status)
      problems.push(`${where}: code ${body.data.code} != status ${answer.status}`);
    if (body.data.message.trim().length < 5) problems.push(`${where}: no useful message`);
  }
  for (const secret of secrets)
    if (secret && answer.text.includes(secret)) problems.push(`${where}: the API key leaked`);
  return problems;
}

/** Sends a case through a fetch-like function (an in-process app's `request`, or real HTTP). */
export async function sendCase(
  send: (path: string, init: RequestInit) => Promise<Response>,
  c: BadRequest,
  extraHeaders: Record<string, string> = {},
): Promise<Exchange> {
  const response = await send(c.path, {
    method: c.method,
    headers: { ...c.headers, ...extraHeaders },
    // A copy on its own ArrayBuffer: what fetch's BodyInit takes.
    body: typeof c.body === 'string' || c.body === undefined ? c.body : new Uint8Array(c.body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** Runs many cases, a few at a time, and returns every problem found (empty: all good). */
export async function probeAll(
  cases: readonly BadRequest[],
  send: (c: BadRequest) => Promise<Exchange>,
  secrets: readonly string[] = [],
  concurrency = 4,
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        try {
          problems.push(...problemsWith(c, await send(c), secrets));
        } catch (error) {
          problems.push(`${c.method} ${c.path} [${c.name}]: no answer (${(error as Error).message})`);
        }
      }
    }),
  );
  return problems;
}
