import { describe, expect, it } from 'vitest';
import { assertPolicyStatement, parseExpression } from './policy-expressions';

const policy = async (using: string | null, check: string | null, kind: 'create' | 'alter' = 'create') => {
  const u = using === null ? null : await parseExpression(using, 'definition');
  const c = check === null ? null : await parseExpression(check, 'check');
  const sql =
    (kind === 'create' ? 'create policy "p" on "public"."t" as PERMISSIVE for ALL to public' : 'alter policy "p" on "public"."t"') +
    (using === null ? '' : ` using (${using})`) +
    (check === null ? '' : ` with check (${check})`);
  await assertPolicyStatement(sql, kind === 'create' ? 'CreatePolicyStmt' : 'AlterPolicyStmt', u, c);
};

describe('policy expressions, checked by the PostgreSQL parser', () => {
  it('accepts one expression, with strings, names, comments and dollar quotes holding ) and ;', async () => {
    for (const ok of [
      'auth.uid() = user_id',
      "title = 'a);b'",
      "title = ')' or title = '('",
      'x."odd);name" = 1',
      'body = $q$) with check (true; $q$',
      'true /* ) with check (true */',
      "bucket_id = 'avatars' and storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public'",
      'exists (select 1 from public.members m where m.user_id = auth.uid())',
    ]) {
      await expect(policy(ok, null), ok).resolves.toBeUndefined();
      await expect(policy(null, ok), ok).resolves.toBeUndefined();
      await expect(policy(ok, ok, 'alter'), ok).resolves.toBeUndefined();
    }
  });

  it('refuses expressions that leave their parentheses or add statements, naming the field', async () => {
    for (const [using, check, field] of [
      ['true) with check (true', null, 'definition'],
      ['true) to public using (true', null, 'definition'],
      ['1=1); drop table x; --', null, 'definition'],
      ['true);--', 'false', 'definition'],
      ['true) or (true', null, 'definition'],
      ['true) union select (1', null, 'definition'],
      ['true -- ', null, 'definition'],
      ['true /* ', null, 'definition'],
      ['$$', null, 'definition'],
      ['true; select 1', null, 'definition'],
      ['1, 2', null, 'definition'],
      [null, 'true) with check (true', 'check'],
      [null, "x = 'a'); drop table x; --", 'check'],
      ['true', 'true) as x from pg_class where (true', 'check'],
    ] as const) {
      await expect(policy(using, check), `${using} / ${check}`).rejects.toMatchObject({ status: 400, field, code: 'VALIDATION' });
    }
  });
});
