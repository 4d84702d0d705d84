import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OPERATIONS, OPERATION_PATHS } from '../../../src/contract/operations';
import { arbitraryBadBody, envelopeCases, fieldCases, insideBoundaryCases, VALID_BODIES } from './bad-bodies';

// The generator is only worth its cases: each must really be bad by the contract, and the set must reach
// every field and every limit.

const schemaOf = (path: string) => OPERATIONS[path as keyof typeof OPERATIONS].body as z.ZodType;

describe('bad-input generator', () => {
  it.each(OPERATION_PATHS)('%s: starts from a body the contract accepts', (path) => {
    expect(schemaOf(path).safeParse(VALID_BODIES[path]).success).toBe(true);
  });

  it.each(OPERATION_PATHS)(
    '%s: every field case is rejected by the contract, and each field is reached',
    (path) => {
      const cases = fieldCases(path);
      for (const c of cases)
        expect(schemaOf(path).safeParse(JSON.parse(c.body as string)).success, c.name).toBe(false);
      for (const field of Object.keys(VALID_BODIES[path])) {
        expect(
          cases.some((c) => c.name.includes(`: ${field} = `)),
          `${path}.${field}`,
        ).toBe(true);
      }
      // Every limit case survives the filter: a limit the contract let through would be a contract bug.
      const limitNames = cases.filter((c) => c.name.endsWith('(limit)'));
      expect(limitNames.length).toBeGreaterThanOrEqual(9);
    },
  );

  it('keeps every case of a limit boundary (none is quietly accepted by the contract)', () => {
    const pan = fieldCases('pan').map((c) => c.name);
    for (const expected of [
      'scale = 1.09',
      'scale = 3.01',
      'scale = 3.0000001',
      'direction = 4',
      'direction = -1',
      'imageNo = 4',
    ])
      expect(
        pan.some((n) => n.includes(expected)),
        expected,
      ).toBe(true);
    const paint = fieldCases('upload-paint').map((c) => c.name);
    for (const expected of [
      'canvas.width = 499',
      'canvas.width = 4097',
      'mask.areas.0.width = 4097',
      'imgUrl = "https://example.com…(1025 chars)',
    ])
      expect(
        paint.some((n) => n.includes(expected)),
        expected,
      ).toBe(true);
  });

  it('puts bodies just inside each boundary past the contract (so the server owes a 422, not a 400)', () => {
    for (const c of insideBoundaryCases()) {
      const path = c.path.replace('/api/v1/', '');
      expect(schemaOf(path).safeParse(JSON.parse(c.body as string)).success, c.name).toBe(true);
    }
  });

  it('makes envelope cases that are not a JSON object the contract could accept', () => {
    for (const path of OPERATION_PATHS) {
      for (const c of envelopeCases(path)) {
        const isJson = c.headers['content-type'] === 'application/json';
        if (!isJson) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.from(c.body as string | Uint8Array).toString('utf8'));
        } catch {
          continue; // not JSON at all: bad by definition
        }
        expect(schemaOf(path).safeParse(parsed).success, c.name).toBe(false);
      }
    }
  });

  it('generates random bad bodies reproducibly from a seed, all rejected by the contract', () => {
    const sample = (seed: number) =>
      fc.sample(arbitraryBadBody('upload-paint'), { seed, numRuns: 30 }).map((c) => c.body);
    const first = sample(7);
    expect(sample(7)).toEqual(first);
    for (const body of first)
      expect(schemaOf('upload-paint').safeParse(JSON.parse(body as string)).success).toBe(false);
  });
});
