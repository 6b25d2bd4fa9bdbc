import { describe, expect, it } from 'vitest';
import { assertSingleExpression, ident, likeEscape } from './sql';

describe('SQL text helpers', () => {
  it('quotes identifiers and escapes LIKE wildcards', () => {
    expect(ident('my "table"')).toBe('"my ""table"""');
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it("accepts ';' inside literals, quoted names, dollar quotes and comments, and refuses it elsewhere", () => {
    for (const ok of ["name = 'a;b'", 'x."odd;name" = 1', 'body = $q$;$q$', 'true -- done;\n', 'true /* ; */', "auth.uid() = user_id"]) {
      expect(() => assertSingleExpression(ok, 'definition')).not.toThrow();
    }
    for (const bad of ['true); drop table t; --', "a = 'x'; select 1", 'true;']) {
      expect(() => assertSingleExpression(bad, 'definition')).toThrow(/may not contain ';'/);
    }
  });
});
