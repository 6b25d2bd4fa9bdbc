import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CreateProjectBodySchema,
  EnrolFactorBodySchema,
  ProjectSchema,
  SessionSchema,
  SignInBodySchema,
  SlugSchema,
  UpdateProjectBodySchema,
  createHttp,
  createProjectsClient,
} from './index';
import * as z from './zod';

// This file loads no zod build of its own: the messages below come from the locale the contracts
// configure in ./zod, the only place that loads one. The domain packages (contracts-*) check their
// own schemas' texts and that they too take z from here.

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('contracts zod', () => {
  it('answers the English default texts where a schema gives none', () => {
    expect(messages(EnrolFactorBodySchema.safeParse({ friendly_name: '  ' }))).toEqual(['Too small: expected string to have >=1 characters']);
    expect(messages(SlugSchema.safeParse('a'.repeat(65)))).toEqual(['Too big: expected string to have <=64 characters']);
    expect(messages(SessionSchema.safeParse({ user: 1, aal: null }))).toEqual(['Invalid input: expected object, received number']);
    expect(messages(SessionSchema.safeParse({ user: null, aal: { currentLevel: 'aal3', nextLevel: 'aal1' } }))).toEqual([
      'Invalid option: expected one of "aal1"|"aal2"',
    ]);
  });

  it('keeps every custom text word for word', () => {
    expect(messages(CreateProjectBodySchema.safeParse({ name: ' ', organization_slug: 'acme' }))).toEqual(['Project name is required']);
    expect(messages(UpdateProjectBodySchema.safeParse({ name: 'x'.repeat(65) }))).toEqual(['Project name must be at most 64 characters']);
    expect(messages(SignInBodySchema.safeParse({ email: 'nope', password: '' }))).toEqual(['Enter a valid email address', 'Password is required']);
  });

  it('normalises, defaults and transforms as before', () => {
    expect(SignInBodySchema.parse({ email: '  Ada@Example.COM ', password: 'pw' })).toEqual({ email: 'ada@example.com', password: 'pw' });
  });

  it('strips unknown fields from objects', () => {
    expect(SignInBodySchema.parse({ email: 'a@b.co', password: 'pw', admin: true })).toEqual({ email: 'a@b.co', password: 'pw' });
  });

  it('parses client answers with the contract schema, dropping fields the contract does not name', async () => {
    const project = {
      id: 1, ref: 'abcdefghijklmnopqrst', name: 'Shop', status: 'ACTIVE_HEALTHY', postgrestStatus: 'ONLINE', connectionString: null,
      subscription_id: null, restUrl: 'http://x/rest/v1/', kpsVersion: '3.8.6', is_branch_enabled: false, parent_project_ref: null,
      organization_id: 1, organization_slug: 'acme', inserted_at: '2026-01-01T00:00:00.000Z', secret: 'not for the console',
    };
    const fetchFn = (async () => new Response(JSON.stringify(project), { status: 200 })) as unknown as typeof fetch;
    const got = await createProjectsClient(createHttp({ baseUrl: '/api', fetch: fetchFn })).get(project.ref);
    expect(got).not.toHaveProperty('secret');
    expect(ProjectSchema.safeParse(got).success).toBe(true);
  });

  it('exports the configured mini z for screens that build their own form schemas', () => {
    const schema = z.object({ name: z.string().check(z.minLength(1)) });
    expect(messages(schema.safeParse({ name: '' }))).toEqual(['Too small: expected string to have >=1 characters']);
  });

  it('every contracts module takes z from ./zod, never from zod classic', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'zod.ts')
      .filter((f) => /from ['"]zod(\/v4)?['"]/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
