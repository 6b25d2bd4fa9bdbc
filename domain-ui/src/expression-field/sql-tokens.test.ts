import { describe, expect, it } from 'vitest';
import { completeAt, expressionCompletions, tokenizeSql } from './sql-tokens';

const kinds = (text: string) => tokenizeSql(text).filter((t) => t.kind !== 'space').map((t) => `${t.kind}:${t.text}`);

describe('tokenizeSql', () => {
  it('colours keywords, functions, strings, numbers, comments and operators, and gives the text back unchanged', () => {
    const text = "auth.uid() = user_id AND status <> 'it''s' or 42 -- mine\n/* note */ \"Team\"";
    expect(tokenizeSql(text).map((t) => t.text).join('')).toBe(text);
    expect(kinds(text)).toEqual([
      'identifier:auth', 'operator:.', 'function:uid', 'operator:(', 'operator:)', 'operator:=', 'identifier:user_id', 'keyword:AND',
      'identifier:status', 'operator:<', 'operator:>', "string:'it''s'", 'keyword:or', 'number:42', 'comment:-- mine', 'comment:/* note */', 'identifier:"Team"',
    ]);
  });

  it('keeps an unclosed string or comment to the end of the text', () => {
    expect(kinds("name = 'open")).toEqual(['identifier:name', 'operator:=', "string:'open"]);
    expect(kinds('x /* open')).toEqual(['identifier:x', 'comment:/* open']);
  });
});

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
