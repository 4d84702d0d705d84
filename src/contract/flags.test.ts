import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLAG_SPECS,
  aspectRatio,
  flagIssue,
  formatPrompt,
  getFlag,
  parsePrompt,
  promptFlagIssues,
  setFlag,
  type Flag,
} from './flags';

describe('parsePrompt', () => {
  it('splits the body from the trailing flags', () => {
    expect(parsePrompt('A beautiful sunset over the snow mountains --v 7 --draft')).toEqual({
      body: 'A beautiful sunset over the snow mountains',
      flags: [
        { name: 'v', value: '7' },
        { name: 'draft', value: '' },
      ],
    });
  });

  it('keeps multi-word values and URLs', () => {
    const parsed = parsePrompt('https://x.test/a.png waves --no red, blue --end https://x.test/b.png --loop');
    expect(parsed.body).toBe('https://x.test/a.png waves');
    expect(getFlag(parsed, 'no')?.value).toBe('red, blue');
    expect(getFlag(parsed, 'end')?.value).toBe('https://x.test/b.png');
    expect(getFlag(parsed, 'loop')?.value).toBe('');
  });

  it('maps aliases to canonical names', () => {
    const parsed = parsePrompt('cat --s 250 --c 10 --aspect 3:2 --quality 2 --w 5 --version 6.1');
    expect(parsed.flags.map((f) => f.name)).toEqual(['stylize', 'chaos', 'ar', 'q', 'weird', 'v']);
  });

  it('does not take dashes inside words for flags', () => {
    expect(parsePrompt('a well-lit pre--war room -- quiet').flags).toEqual([]);
  });

  it('reads the aspect ratio', () => {
    expect(aspectRatio(parsePrompt('x --ar 16:9'))).toEqual({ w: 16, h: 9 });
    expect(aspectRatio(parsePrompt('x'))).toEqual({ w: 1, h: 1 });
  });
});

describe('setFlag', () => {
  it('adds, replaces and removes, keeping order', () => {
    let p = parsePrompt('castle --ar 2:3 --chaos 5');
    p = setFlag(p, 'chaos', '20');
    p = setFlag(p, 'tile', '');
    p = setFlag(p, 'ar', undefined);
    expect(formatPrompt(p)).toBe('castle --chaos 20 --tile');
  });
});

describe('round trips', () => {
  const word = fc.stringMatching(/^[a-zA-Z0-9,.'!?]{1,8}$/);
  const body = fc.array(word, { maxLength: 6 }).map((w) => w.join(' '));
  const flag: fc.Arbitrary<Flag> = fc.record({
    name: fc.constantFrom(...Object.keys(FLAG_SPECS), 'sref', 'p'),
    value: fc.oneof(
      fc.constant(''),
      fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    ),
  });

  it('parsePrompt(formatPrompt(p)) gives p back', () => {
    fc.assert(
      fc.property(body, fc.array(flag, { maxLength: 6 }), (b, flags) => {
        const parsed = { body: b, flags };
        expect(parsePrompt(formatPrompt(parsed))).toEqual(parsed);
      }),
    );
  });

  it('formatPrompt(parsePrompt(text)) is stable after one pass', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const once = formatPrompt(parsePrompt(text));
        expect(formatPrompt(parsePrompt(once))).toBe(once);
      }),
    );
  });
});

describe('flag ranges, both sides', () => {
  const cases: [string, string[], string[]][] = [
    ['stylize', ['0', '1000'], ['-1', '1001', 'lots']],
    ['chaos', ['0', '100'], ['101', '-5', '1.5']],
    ['weird', ['0', '3000'], ['3001']],
    ['seed', ['0', '4294967295'], ['4294967296', '-1']],
    ['ar', ['16:9', '1:1', '2:3'], ['16x9', '0:1', '16:', '']],
    ['v', ['7', '6.1', '5.2'], ['8', 'latest']],
    ['q', ['.25', '0.5', '1', '2', '4'], ['3', '0']],
    ['bs', ['1', '2', '4'], ['0', '3', '8']],
    ['motion', ['low', 'high'], ['medium', '']],
    ['end', ['https://x.test/end.png'], ['x.test/end.png', '']],
    ['no', ['red, blue'], ['']],
    ['draft', [''], ['yes']],
    ['raw', [''], ['1']],
    ['tile', [''], ['on']],
    ['loop', [''], ['twice']],
  ];
  it.each(cases)('--%s', (name, good, badValues) => {
    for (const value of good) expect(flagIssue({ name, value }), `${name} ${value}`).toBeNull();
    for (const value of badValues)
      expect(flagIssue({ name, value }), `${name} ${value}`).toMatch(`--${name}`);
  });

  it('leaves unknown flags alone', () => expect(promptFlagIssues('x --sref 12 --niji 6')).toEqual([]));
});
