import { describe, expect, it } from 'vitest';
import { paintSql } from './highlight';

const kinds = (text: string) => paintSql(text).filter((r) => r.kind).map((r) => `${r.kind}:${r.text}`);

describe('paintSql', () => {
  it("paints keywords, strings, literals, comments and operators as the editor's grammar reads them, and gives the text back unchanged", () => {
    const text = "auth.uid() = user_id AND status <> 'it''s' or 42 is not null -- mine\n/* note */ \"Team\"::text";
    expect(paintSql(text).map((r) => r.text).join('')).toBe(text);
    const painted = kinds(text);
    // A doubled quote ends one string run and starts the next, both painted as strings.
    for (const expected of ['keyword:AND', "string:'it'", "string:'s'", 'keyword:or', 'literal:42', 'keyword:is', 'keyword:not', 'literal:null', 'comment:-- mine', 'comment:/* note */', 'builtin:text']) {
      expect(painted).toContain(expected);
    }
    // Names stay in the text's own colour.
    expect(painted.some((p) => /user_id|status/.test(p))).toBe(false);
  });

  it('keeps an unclosed string or comment to the end of the text', () => {
    expect(kinds("name = 'open")).toContain("string:'open");
    expect(kinds('x /* open')).toContain('comment:/* open');
    expect(paintSql('')).toEqual([]);
  });
});
