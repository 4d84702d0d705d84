import { describe, expect, it } from 'vitest';
import { taskListQuerySchema } from '../contract/studio';
import { taskListSearch } from './studio-tasks';

describe('taskListSearch', () => {
  it('leaves empty filters out', () => {
    expect(taskListSearch({})).toBe('');
    expect(taskListSearch({ q: '', type: undefined })).toBe('');
  });

  it('writes a query the proxy parses back to the same filters', () => {
    const search = taskListSearch(
      { limit: 100, type: 'remix,pan', status: 'failed', favourite: 'true', q: 'a fox & co' },
      'c1',
    );
    const parsed = taskListQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
    expect(parsed).toMatchObject({
      limit: 100,
      type: ['remix', 'pan'],
      status: ['failed'],
      favourite: true,
      q: 'a fox & co',
      cursor: 'c1',
    });
  });
});
