import { describe, expect, it } from 'vitest';
import { IMAGE_FLAGS } from '../../contract/flags';
import { addableFlags, defaultFlagValue, flagChips, promptIssues, withFlag } from './flag-chips';

describe('flag chips', () => {
  it('reads chips from typed flags, aliases included', () => {
    const chips = flagChips('a fox --ar 16:9 --s 300 --tile --foo bar');
    expect(chips.map((c) => [c.name, c.value, c.spec?.label ?? null, c.issue])).toEqual([
      ['ar', '16:9', 'Aspect ratio', null],
      ['stylize', '300', 'Stylize', null],
      ['tile', '', 'Tile', null],
      ['foo', 'bar', null, null],
    ]);
  });

  it('marks values outside their range', () => {
    expect(flagChips('x --chaos 101')[0]!.issue).toBe('--chaos must be 0 to 100');
    expect(promptIssues('x --ar wide --weird 3001')).toEqual([
      '--ar must look like W:H, e.g. 16:9',
      '--weird must be 0 to 3000',
    ]);
  });

  it('writes a chip back into the prompt, keeping the words and the other flags', () => {
    expect(withFlag('a fox --ar 16:9 --raw', 'ar', '4:5')).toBe('a fox --ar 4:5 --raw');
    expect(withFlag('a fox --ar 16:9', 'chaos', '20')).toBe('a fox --ar 16:9 --chaos 20');
    expect(withFlag('a fox --ar 16:9 --raw', 'ar', undefined)).toBe('a fox --raw');
  });

  it('never lets a value smuggle in another flag or spaces in numbers', () => {
    expect(withFlag('a fox', 'stylize', '1 00')).toBe('a fox --stylize 100');
    expect(withFlag('a fox', 'no', 'trees --raw')).toBe('a fox --no trees raw');
  });

  it('offers only the flags not yet in the prompt', () => {
    expect(addableFlags('a fox --ar 1:1 --v 7', IMAGE_FLAGS)).not.toContain('ar');
    expect(addableFlags('a fox --ar 1:1 --v 7', IMAGE_FLAGS)).toContain('stylize');
  });

  it('starts every added flag at a valid value (except words, which need typing)', () => {
    for (const name of IMAGE_FLAGS) {
      const prompt = withFlag(
        'a fox',
        name,
        defaultFlagValue(name, () => 0.5),
      );
      expect(promptIssues(prompt), name).toEqual(name === 'no' ? ['--no needs the words to leave out'] : []);
    }
  });
});
