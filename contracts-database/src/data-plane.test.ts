import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EntityListParamsSchema, HIDDEN_SCHEMAS, isSystemRole, normalizeExpression, PolicyCreateSchema, policyTemplates } from './database';
import { SnippetCreateSchema, SnippetUpdateSchema } from './snippets';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('database contracts', () => {
  it('collapses whitespace in policy expressions and limits names to 63 characters', () => {
    expect(normalizeExpression('  auth.uid()\n\t =   user_id  ')).toBe('auth.uid() = user_id');
    expect(normalizeExpression('   ')).toBeNull();
    expect(firstMessage(PolicyCreateSchema.safeParse({ name: ' ', table: 't' }))).toBe('Do give your policy a name');
    expect(PolicyCreateSchema.safeParse({ name: 'x'.repeat(64), table: 't' }).success).toBe(false);
    expect(PolicyCreateSchema.parse({ name: 'ok', table: 't' })).toMatchObject({ schema: 'public', action: 'PERMISSIVE', roles: [] });
  });

  it('defaults entity list params and trims the search', () => {
    expect(EntityListParamsSchema.parse({ search: '  todo ' })).toEqual({ schema: 'public', search: 'todo', limit: 100, page: 0, sort: 'alphabetical' });
    expect(EntityListParamsSchema.parse({ search: '   ' }).search).toBeUndefined();
  });

  it('knows the hidden schemas, the system roles and five policy templates', () => {
    expect(HIDDEN_SCHEMAS).toHaveLength(15);
    expect(isSystemRole('pg_monitor')).toBe(true);
    expect(isSystemRole('authenticated')).toBe(false);
    const t = policyTemplates('public', 'todos');
    expect(t.map((x) => x.command)).toEqual(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'INSERT']);
    expect(t[0]!.statement).toContain('"public"."todos"');
  });
});

describe('snippets contracts', () => {
  it('asks for a query name on rename', () => {
    expect(firstMessage(SnippetUpdateSchema.safeParse({ name: '  ' }))).toBe('Please enter a query name');
  });

  it('defaults a new snippet', () => {
    expect(SnippetCreateSchema.parse({})).toEqual({ name: 'Untitled query', sql: '', favorite: false, visibility: 'user' });
  });

  it('takes z from the common contracts\' zod, never from zod itself', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from ['"]zod(\/v4|\/mini)?['"]/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
