import { describe, expect, it } from 'vitest';
import { EntityListParamsSchema, HIDDEN_SCHEMAS, isSystemRole, normalizeExpression, PolicyCreateSchema, policyTemplates } from './database';
import { LOG_SCHEMA_CATALOGUE, logSources } from './logs';
import { customHostnameStatusFromError } from './settings';
import { SnippetUpdateSchema } from './snippets';
import {
  BucketCreateSchema,
  fillBucketPlaceholder,
  fromBytes,
  parseAllowedMimeTypes,
  STORAGE_POLICY_TEMPLATES,
  StorageListBodySchema,
  StorageSignBodySchema,
  toBytes,
} from './storage';

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

describe('storage contracts', () => {
  it('validates bucket names with the form texts', () => {
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'public' }))).toBe('"public" is a reserved name. Please choose another name');
    expect(firstMessage(BucketCreateSchema.safeParse({ id: '' }))).toBe('Please provide a name for your bucket');
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'ok', file_size_limit: -1 }))).toBe('File size upload limit has to be at least 0');
    expect(BucketCreateSchema.parse({ id: 'avatars', allowed_mime_types: [] }).allowed_mime_types).toBeNull();
    expect(parseAllowedMimeTypes(' image/png, ,text/plain ')).toEqual(['image/png', 'text/plain']);
    expect(parseAllowedMimeTypes('  ')).toBeNull();
  });

  it('converts sizes in base 1024 and fills the bucket placeholder as a quoted literal', () => {
    expect(toBytes(50, 'MB')).toBe(52_428_800);
    expect(fromBytes(5_368_709_120)).toEqual({ value: 5, unit: 'GB' });
    expect(fillBucketPlaceholder('bucket_id = {bucket_id}', "o'neil")).toBe("bucket_id = 'o''neil'");
    expect(STORAGE_POLICY_TEMPLATES).toHaveLength(5);
    expect(STORAGE_POLICY_TEMPLATES.every((t) => t.definition.includes('{bucket_id}'))).toBe(true);
  });

  it('defaults a folder listing to pages of 200 sorted by name', () => {
    expect(StorageListBodySchema.parse({ path: 'a' })).toEqual({ path: 'a', options: { limit: 200, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } } });
    expect(firstMessage(StorageSignBodySchema.safeParse({ path: 'a.txt', expiresIn: 0 }))).toBe('Expiry duration cannot be less than 0');
  });
});

describe('snippets, settings and logs contracts', () => {
  it('asks for a query name on rename', () => {
    expect(firstMessage(SnippetUpdateSchema.safeParse({ name: '  ' }))).toBe('Please enter a query name');
  });

  it('maps custom hostname errors to the synthetic statuses', () => {
    expect(customHostnameStatusFromError(400, 'Project is not allowed to set up custom domain')).toBe('0_not_allowed');
    expect(customHostnameStatusFromError(400, 'No custom hostname configuration found')).toBe('0_no_hostname_configured');
    expect(customHostnameStatusFromError(500, 'custom hostname configuration')).toBeNull();
  });

  it('labels log sources by build mode and lists the schema catalogue in order', () => {
    expect(logSources('hosted').map((s) => s.label)).toContain('API Edge Network');
    const selfHosted = logSources('self-hosted');
    expect(selfHosted.find((s) => s.id === 'edge-logs')?.label).toBe('Kong API');
    expect(selfHosted.some((s) => s.id === 'pooler-logs')).toBe(false);
    expect(LOG_SCHEMA_CATALOGUE.map((s) => s.name)).toEqual(['API Edge', 'Auth', 'Storage', 'Function Edge', 'Function Runtime', 'Postgres', 'Realtime', 'PostgREST', 'PgBouncer']);
  });
});
