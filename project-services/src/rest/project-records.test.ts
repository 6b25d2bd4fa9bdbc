import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { RestSettingsStore } from './settings';

// The data API keeps each project's JWT secret and settings in memory between requests; a change
// made through the console still takes effect on the very next request.

let h: TestHarness;
let owner: TestUser;
let ref: string;

const keysOf = async () =>
  (await h.internals.control.query<{ anon_key: string; jwt_secret: string }>('select anon_key, jwt_secret from projects where ref = $1', [ref])).rows[0]!;

const get = (apikey: string, headers: Record<string, string> = {}) =>
  h.services.inject({ method: 'GET', url: `/${ref}/rest/v1/notes?select=title`, headers: { apikey, ...headers } });

beforeAll(async () => {
  h = await createTestHarness();
  const made = await h.userWithProject();
  owner = made.user;
  ref = made.project.ref;
  const db = await h.internals.databases.get(ref);
  await db.exec(`
    create table public.notes (id serial primary key, title text not null);
    insert into public.notes (title) values ('first');
    create schema other;
    create table other.notes (id serial primary key, title text not null);
    grant usage on schema other to anon;
    grant select on other.notes to anon;
    insert into other.notes (title) values ('elsewhere');`);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('project secrets and settings kept between requests', () => {
  it('refuses the old API key on the first request after a JWT secret rotation, and takes the new one', async () => {
    const before = await keysOf();
    for (let i = 0; i < 3; i++) expect((await get(before.anon_key)).statusCode).toBe(200);

    await owner.api.settings.updateJwtSecret(ref, {});
    const until = Date.now() + 30_000;
    while ((await owner.api.settings.getJwtSecretUpdateStatus(ref)).jwtSecretUpdateStatus?.meta.status !== 'Updated' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const after = await keysOf();
    expect(after.jwt_secret).not.toBe(before.jwt_secret);

    const old = await get(before.anon_key);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ message: 'Invalid API key' });
    const fresh = await get(after.anon_key);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual([{ title: 'first' }]);
  });

  it('reaches a schema on the first request after it is exposed, and no more once it is hidden again', async () => {
    const { anon_key } = await keysOf();
    expect((await get(anon_key, { 'accept-profile': 'other' })).statusCode).toBe(406);
    const store = new RestSettingsStore(h.internals.control);
    await store.update(ref, { schemas: ['public', 'other'], maxRows: 1000 });
    const exposed = await get(anon_key, { 'accept-profile': 'other' });
    expect(exposed.statusCode).toBe(200);
    expect(exposed.json()).toEqual([{ title: 'elsewhere' }]);
    await store.update(ref, { schemas: ['public'], maxRows: 1000 });
    expect((await get(anon_key, { 'accept-profile': 'other' })).statusCode).toBe(406);
  });
});
