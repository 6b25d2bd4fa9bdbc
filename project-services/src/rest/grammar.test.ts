import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { parseColumnFilter, parseLogic, parseOrder, parseSelect } from './grammar';
import { parsePrefer, parseRange } from './headers';
import { parseAccept, parseQuery } from './request';
import type { SchemaCatalog } from './catalog';
import { StatementBuilder, emptyShaping } from './statements';
import { readStatement } from './table-statements';

function refusal(fn: () => unknown): RestError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('select', () => {
  it('reads columns, aliases, casts, JSON steps and embedded relations', () => {
    expect(parseSelect('id,label:title,id::text,meta->a->>b,owner:profiles!owner_fk(name),comments!inner(*)')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, alias: null, cast: null },
      { kind: 'column', field: { name: 'title', path: [] }, alias: 'label', cast: null },
      { kind: 'column', field: { name: 'id', path: [] }, alias: null, cast: 'text' },
      { kind: 'column', field: { name: 'meta', path: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, alias: null, cast: null },
      { kind: 'embed', name: 'profiles', alias: 'owner', hint: 'owner_fk', inner: false, items: [{ kind: 'column', field: { name: 'name', path: [] }, alias: null, cast: null }] },
      { kind: 'embed', name: 'comments', alias: null, hint: null, inner: true, items: [{ kind: 'star' }] },
    ]);
    expect(parseSelect('id,...profiles!owner_fk(name)')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, alias: null, cast: null },
      { kind: 'embed', name: 'profiles', alias: null, hint: 'owner_fk', inner: false, spread: true, items: [{ kind: 'column', field: { name: 'name', path: [] }, alias: null, cast: null }] },
    ]);
    expect(parseSelect('"weird name",*')).toEqual([{ kind: 'column', field: { name: 'weird name', path: [] }, alias: null, cast: null }, { kind: 'star' }]);
  });

  it.each([
    ['unbalanced parentheses', 'id,rel(name'],
    ['a closing parenthesis too many', 'id)'],
    ['an unterminated quote', '"id'],
    ['SQL in a column name', 'id;drop table x'],
    ['a comment', 'id--x'],
    ['a cast to an arbitrary type', 'id::text);drop table x;--'],
    ['a cast to a type not offered', 'id::regclass'],
    ['a spread of a column', '...name'],
    ['a spread with an alias', '...p:profiles(name)'],
    ['a quoted name closed early', 'a:"x" from pg_authid --"'],
    ['an empty item', 'id,,name'],
  ])('refuses %s with PGRST100', (_what, text) => {
    const e = refusal(() => parseSelect(text));
    expect(e.status).toBe(400);
    expect(e.code).toBe('PGRST100');
  });

  it('refuses relations nested without end', () => {
    expect(refusal(() => parseSelect(`${'a('.repeat(50)}x${')'.repeat(50)}`)).code).toBe('PGRST100');
  });
});

describe('filters', () => {
  it('reads operators, negation, lists, quantifiers and text search configurations', () => {
    expect(parseColumnFilter('id', 'gte.5')).toMatchObject({ op: 'gte', value: '5', negate: false });
    expect(parseColumnFilter('id', 'not.in.(1,"2,3",4)')).toMatchObject({ op: 'in', negate: true, list: ['1', '2,3', '4'] });
    expect(parseColumnFilter('name', 'like(any).{a*,"b,c"}')).toMatchObject({ op: 'like', quantifier: 'any', list: ['a*', 'b,c'] });
    expect(parseColumnFilter('doc', 'fts(english).cat')).toMatchObject({ op: 'fts', config: 'english', value: 'cat' });
    expect(parseColumnFilter('meta->>k', 'eq.x')).toMatchObject({ field: { name: 'meta', path: [{ arrow: '->>', key: 'k' }] } });
    // A value is taken whole, whatever it holds.
    expect(parseColumnFilter('name', "eq.'; drop table t; --")).toMatchObject({ op: 'eq', value: "'; drop table t; --" });
    expect(parseColumnFilter('done', 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
  });

  it.each([
    ['an unknown operator', 'name', 'bogus.x'],
    ['no operator', 'name', 'x'],
    ['an operator with SQL', 'name', 'eq;select.1'],
    ['is with an arbitrary value', 'done', 'is.true or 1=1'],
    ['an unbalanced in list', 'id', 'in.(1,2'],
    ['an in list without parentheses', 'id', 'in.1,2'],
    ['a quantifier on an operator without one', 'id', 'in(any).{1}'],
    ['a text search configuration with SQL', 'doc', "fts(english');--).x"],
  ])('refuses %s', (_what, key, value) => {
    expect(refusal(() => parseColumnFilter(key, value)).code).toBe('PGRST100');
  });

  it('refuses a column name with SQL in it', () => {
    expect(refusal(() => parseColumnFilter('id);drop table t;--', 'eq.1')).code).toBe('PGRST100');
  });

  it('reads nested and/or groups with quoted values, lists and arrays', () => {
    const tree = parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.in.(x,"y,)")),d.cs.{1,2},e.eq."quoted, (value)",f.not.is.null)');
    expect(tree.op).toBe('or');
    expect(tree.children).toHaveLength(5);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect((tree.children[1] as { children: unknown[] }).children[1]).toMatchObject({ op: 'in', list: ['x', 'y,)'] });
    expect(tree.children[2]).toMatchObject({ op: 'cs', value: '{1,2}' });
    expect(tree.children[3]).toMatchObject({ op: 'eq', value: 'quoted, (value)' });
    expect(tree.children[4]).toMatchObject({ op: 'is', negate: true, value: 'null' });
  });

  it.each([
    ['missing parentheses', 'a.eq.1'],
    ['an unclosed group', '(a.eq.1,and(b.eq.2)'],
    ['a group closed twice', '(a.eq.1))'],
    ['an unterminated quote', '(a.eq."x)'],
    ['an unknown operator', '(a.zz.1)'],
    ['an empty item', '(a.eq.1,)'],
    ['SQL after a value', '(a.eq.1) or (1=1'],
  ])('refuses a logic tree with %s', (_what, text) => {
    expect(refusal(() => parseLogic('or', false, text)).code).toBe('PGRST100');
  });
});

describe('order, ranges, preferences and media types', () => {
  it('reads several order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>k.asc')).toEqual([
      { field: { name: 'a', path: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', path: [] }, direction: null, nulls: null },
      { field: { name: 'c', path: [{ arrow: '->>', key: 'k' }] }, direction: 'asc', nulls: null },
    ]);
    expect(refusal(() => parseOrder('a.desc;drop table t')).code).toBe('PGRST100');
    expect(refusal(() => parseOrder('a.sideways')).code).toBe('PGRST100');
  });

  it('reads Range and Prefer headers', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('5-')).toEqual({ offset: 5, limit: null });
    expect(refusal(() => parseRange('9-2')).status).toBe(416);
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates, missing=default, tx=rollback')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      handling: null,
      maxAffected: null,
      timezone: null,
      tx: 'rollback',
      singleObject: false,
      invalid: [],
    });
    expect(parsePrefer('handling=strict, max-affected=5, timezone=Europe/Paris, params=single-object, foo, count=lots, timezone=Mars/Base')).toMatchObject({
      handling: 'strict',
      maxAffected: 5,
      timezone: 'Europe/Paris',
      singleObject: true,
      invalid: ['foo', 'count=lots', 'timezone=Mars/Base'],
    });
  });

  it('chooses an object for .single() and refuses media types it cannot answer', () => {
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({ object: true, stripNulls: false, csv: false });
    expect(parseAccept('text/html,*/*;q=0.8')).toEqual({ object: false, stripNulls: false, csv: false });
    expect(parseAccept('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ object: false, stripNulls: true, csv: false });
    expect(parseAccept('text/csv')).toEqual({ object: false, stripNulls: false, csv: true });
    expect(parseAccept('application/octet-stream')).toMatchObject({ raw: 'bytea', csv: false });
    const e = refusal(() => parseAccept('text/html'));
    expect([e.status, e.code]).toEqual([406, 'PGRST107']);
  });

  it('refuses a filter on a relation the select does not embed', () => {
    expect(refusal(() => parseQuery('select=id&profiles.name=eq.x')).code).toBe('PGRST108');
    expect(parseQuery('select=id,profiles(name)&profiles.name=eq.x&profiles.limit=2').embedded.get('profiles')).toMatchObject({ limit: 2 });
  });
});

describe('statements', () => {
  const catalog: SchemaCatalog = {
    schema: 'public',
    relations: new Map([['todos', { name: 'todos', kind: 'r', columns: new Map(['id', 'title', 'meta'].map((n) => [n, { name: n, type: 'text' }])), primaryKey: ['id'], uniqueKeys: [['id']] }]]),
    foreignKeys: [],
    functions: new Map(),
    loadedAt: Date.now(),
  };

  it('binds every value and quotes every name, whatever the request holds', () => {
    const hostile = "x'); drop table todos; --";
    const q = parseQuery(`select=id,title&title=eq.${encodeURIComponent(hostile)}&or=(id.in.(1,"2')"),meta->>${encodeURIComponent('"k\'"')}.like.*a*)&order=title.desc`);
    const b = new StatementBuilder(catalog, q.embedded);
    const s = readStatement(b, 'todos', { items: q.select, shaping: q.main, count: true, headOnly: false, stripNulls: false });
    expect(s.sql).not.toContain('drop table');
    expect(s.sql).not.toContain("k'");
    expect(s.params).toEqual(expect.arrayContaining([hostile, '{"1","2\')"}', "k'", '%a%']));
    expect(s.sql).toContain('_p."title" = $');
  });

  it('answers 42703 for a column the table does not have, even one written to look like SQL', () => {
    for (const query of ['select=nope', 'select="id; drop table todos; --"', 'nope=eq.1', 'order=nope']) {
      const q = parseQuery(query);
      const e = refusal(() => readStatement(new StatementBuilder(catalog, q.embedded), 'todos', { items: q.select, shaping: q.main, count: false, headOnly: false, stripNulls: false }));
      expect([e.status, e.code]).toEqual([400, '42703']);
    }
  });

  it('answers PGRST205 for an unknown table and PGRST200 for an unknown relation', () => {
    const b = new StatementBuilder(catalog);
    expect(refusal(() => readStatement(b, 'nope', { items: [{ kind: 'star' }], shaping: emptyShaping(), count: false, headOnly: false, stripNulls: false })).code).toBe('PGRST205');
    const e = refusal(() => readStatement(b, 'todos', { items: parseSelect('*,nope(*)'), shaping: emptyShaping(), count: false, headOnly: false, stripNulls: false }));
    expect([e.status, e.code]).toEqual([400, 'PGRST200']);
  });
});
