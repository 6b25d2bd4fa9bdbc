import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { requireContractRef } from './project-ref';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(async () => h?.close());

it('answers a malformed project ref with the same 400 naming ref on every kind of route', async () => {
  const user = await h.signUp();
  for (const url of [
    '/api/platform/projects/NOT-A-REF',
    '/api/platform/projects/abc/usage',
    '/api/platform/pg-meta/abc/tables',
    '/api/platform/storage/ABCDEFGHIJKLMNOPQRST/buckets',
    '/api/v1/projects/abcdefghijklmnopqrs1/branches',
  ]) {
    const res = await user.fetch(url);
    expect(res.status, url).toBe(400);
    expect(await res.json(), url).toMatchObject({ field: 'ref', message: expect.stringContaining('A project ref is 20 lowercase letters') });
  }
  // The project services too (apps' data, auth and storage), on their own server.
  for (const url of ['/abc/rest/v1/todos', '/ABCDEFGHIJKLMNOPQRST/auth/v1/settings', '/abc/storage/v1/bucket']) {
    const app = await h.services.inject({ method: 'GET', url });
    expect(app.statusCode, url).toBe(400);
  }
});

it('puts the contracts\' ref schema on a route that validates :ref its own way, and refuses a :ref without a params schema', async () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', requireContractRef);
  app.get('/x/:ref/:id', { schema: { params: z.object({ ref: z.string(), id: z.string() }) } }, async (req) => req.params);
  expect(() => app.get('/y/:ref', async () => ({}))).toThrow(/params schema/);
  const bad = await app.inject('/x/abc/7');
  expect(bad.statusCode).toBe(400);
  expect(bad.body).toContain('A project ref is 20 lowercase letters');
  const good = await app.inject('/x/abcdefghijklmnopqrst/7');
  expect(good.json()).toEqual({ ref: 'abcdefghijklmnopqrst', id: '7' });
  await app.close();
});
