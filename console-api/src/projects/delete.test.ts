import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { projectDatabaseName } from '@plinth/platform-core/project-db/manager';

// Deleting a project takes everything of it away, on both databases: its database (files or server
// database and roles), its stored files and backups, its rows in the control database, and its keys, which
// apps can no longer use. Only a member who may change the project may delete it.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const exists = (file: string) => access(file).then(() => true, () => false);

async function databaseExists(ref: string): Promise<boolean> {
  if (h.mode === 'embedded') return exists(path.join(h.internals.databases.projectDir(ref), 'PG_VERSION'));
  const r = await h.internals.control.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [projectDatabaseName(ref)]);
  return (r.rows[0]?.n ?? 0) > 0;
}

async function projectRoles(ref: string): Promise<string[]> {
  const r = await h.internals.control.query<{ rolname: string }>('select rolname from pg_roles where rolname like $1 order by 1', [`plinth\\_${ref}\\_%`]);
  return r.rows.map((row) => row.rolname);
}

describe('deleting a project', () => {
  it('removes its database, files, rows and keys, and the API then refuses the ref', async () => {
    const { user, project } = await h.userWithProject();
    const { ref } = project;
    await (await h.internals.databases.get(ref)).exec('create table notes (body text); insert into notes values ($$gone$$);', { user: true });
    await user.api.storage.createBucket(ref, { id: 'docs' });
    await user.api.storage.uploadObject(ref, 'docs', 'a.txt', new TextEncoder().encode('bytes'), { contentType: 'text/plain' });
    await user.api.snippets.createSnippet(ref, { name: 'Kept?', sql: 'select 1' });
    // A public picture, transformed once through the image route: the platform keeps the result.
    await user.api.storage.createBucket(ref, { id: 'pics', public: true });
    const dot = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await user.api.storage.uploadObject(ref, 'pics', 'dot.png', new Uint8Array(dot), { contentType: 'image/png' });
    const keys = await h.internals.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [ref]);
    const anon = keys.rows[0]!.anon_key;
    const appCall = () => h.services.inject({ method: 'GET', url: `/${ref}/rest/v1/notes?select=body`, headers: { apikey: anon, authorization: `Bearer ${anon}` } });
    expect((await appCall()).statusCode).toBe(200);
    const filesDir = path.join(h.internals.config.objectStoreDir, ref);
    expect(await exists(filesDir)).toBe(true);
    const rendered = await h.services.inject({ method: 'GET', url: `/${ref}/storage/v1/render/image/public/pics/dot.png?width=1`, headers: { apikey: anon } });
    expect(rendered.statusCode).toBe(200);
    const imagesDir = path.join(h.internals.config.dataDir, 'image-cache', ref);
    expect(await exists(imagesDir)).toBe(true);
    expect(await databaseExists(ref)).toBe(true);
    // A backup taken through the API: its file is kept in the platform's part of the store.
    const backup = await h.app.inject({ method: 'POST', url: `/api/platform/database/${ref}/backups`, headers: { cookie: user.jar.header(), 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' }, payload: {} });
    expect(backup.statusCode).toBe(200);
    await h.internals.deps.services.backups!.settled();
    const backupsDir = path.join(h.internals.config.objectStoreDir, '_platform', 'backups', ref);
    expect(await exists(backupsDir)).toBe(true);

    expect(await user.api.projects.remove(ref)).toEqual({ id: project.id, ref, name: project.name });

    await expect(user.api.projects.get(ref)).rejects.toMatchObject({ status: 404 });
    expect((await user.api.projects.list()).map((p) => p.ref)).not.toContain(ref);
    const refused = await appCall();
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await databaseExists(ref)).toBe(false);
    expect(await exists(filesDir)).toBe(false);
    expect(await exists(imagesDir)).toBe(false);
    expect(await exists(backupsDir)).toBe(false);
    if (h.mode === 'server') expect(await projectRoles(ref)).toEqual([]);
    const left = await h.internals.control.query<{ n: number }>('select (select count(*) from sql_snippets where project_ref = $1) + (select count(*) from projects where ref = $1) as n', [ref]);
    expect(Number(left.rows[0]?.n)).toBe(0);
    // Deleting it again finds nothing.
    await expect(user.api.projects.remove(ref)).rejects.toMatchObject({ status: 404 });
  });

  it('a paused project can be deleted too', async () => {
    const { user, project } = await h.userWithProject();
    await user.api.projects.pause(project.ref);
    await h.waitForStatus(user, project.ref, 'INACTIVE');
    await user.api.projects.remove(project.ref);
    expect(await databaseExists(project.ref)).toBe(false);
    await expect(user.api.projects.getStatus(project.ref)).rejects.toMatchObject({ status: 404 });
  });

  it('is refused to a member who may not change the project, and to another organization', async () => {
    const { user: owner, org, project } = await h.userWithProject();
    const developer = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: developer.email, role: 'Developer' });
    await expect(developer.api.projects.remove(project.ref)).rejects.toMatchObject({ status: 403 });
    const stranger = await h.signUp();
    await expect(stranger.api.projects.remove(project.ref)).rejects.toMatchObject({ status: 404 });
    expect((await owner.api.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
    expect(await databaseExists(project.ref)).toBe(true);
  });
});
