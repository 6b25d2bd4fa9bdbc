import { describe, expect, it } from 'vitest';
import { mayChangeSchema } from './schema-reload';

// Which SQL editor runs make the data API read the project's schemas afresh (the run and the data
// API together are tested in project-services' rest/schema-reload.test.ts).

describe('a SQL editor run that may change what the data API serves', () => {
  it('is any DDL, grant, comment, DO block or notice to pgrst, alone or among other statements', async () => {
    for (const query of [
      'create table t (id int primary key)',
      'select 1; alter table t add column b text',
      'drop view if exists v',
      'grant select on t to anon',
      "comment on table t is 'x'",
      'create or replace function f() returns int language sql as $$ select 1 $$',
      'do $$ begin execute $q$create table u (id int)$q$; end $$',
      "NOTIFY pgrst, 'reload schema'",
      'notify pgrst',
      "select pg_notify('pgrst', 'reload schema')",
      'not sql at all (',
    ]) {
      expect(await mayChangeSchema(query), query).toBe(true);
    }
  });

  it('is not a run of reads, row writes, settings or other notices', async () => {
    for (const query of [
      'select * from t',
      "insert into t values (1); update t set id = 2; delete from t where id = 2",
      'explain select 1',
      "set search_path = public; show search_path",
      "begin; select 1; commit",
      "notify other_channel, 'hello'",
      "select 'create table inside a string'",
    ]) {
      expect(await mayChangeSchema(query), query).toBe(false);
    }
  });
});
