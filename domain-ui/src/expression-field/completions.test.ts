import { describe, expect, it } from 'vitest';
import { completeAt, expressionCompletions } from './completions';

describe('completeAt', () => {
  const all = expressionCompletions(['id', 'user_id', 'team_id']);

  it('offers the columns and auth functions starting with the word before the caret', () => {
    const text = 'auth.uid() = us';
    expect(completeAt(text, text.length, all)).toEqual({ from: 13, options: [{ label: 'user_id', detail: 'column' }] });
    expect(completeAt('auth.', 5, all)?.options.map((o) => o.label)).toEqual(['auth.uid()', 'auth.jwt()', 'auth.role()']);
    expect(completeAt('ui', 2, all)?.options.map((o) => o.label)).toEqual(['auth.uid()']);
  });

  it('offers nothing inside a string or a number, nor for an empty word unless asked', () => {
    expect(completeAt("name = 'us", 10, all)).toBeNull();
    expect(completeAt('x = ', 4, all)).toBeNull();
    expect(completeAt('x = ', 4, all, true)?.options.length).toBe(all.length);
  });
});
