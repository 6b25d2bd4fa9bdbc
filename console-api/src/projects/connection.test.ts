import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { projectConnectionString } from './connection';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("a project's connection string", () => {
  it('names the project role, the host, port and database of the server, never a password; null when embedded', async () => {
    const { user, project } = await h.userWithProject();
    const listed = (await user.api.projects.list()).find((p) => p.ref === project.ref);
    expect(listed?.connectionString).toBe(project.connectionString);
    if (h.mode === 'embedded') {
      expect(project.connectionString).toBeNull();
      return;
    }
    const server = new URL(process.env.DATABASE_URL!);
    const url = new URL(project.connectionString!);
    expect(url.protocol).toBe('postgresql:');
    expect(url.host).toBe(server.host);
    expect(url.username).toBe(`plinth_${project.ref}_owner`);
    expect(url.password).toBe('');
    const database = url.pathname.slice(1);
    expect(project.connectionString).toBe(`postgresql://plinth_${project.ref}_owner@${server.host}/${database}`);
    // A real login role that may connect to that database.
    const check = await h.internals.control.query<{ login: boolean; connect: boolean }>(
      `select rolcanlogin as login, has_database_privilege(rolname, $2, 'CONNECT') as connect from pg_roles where rolname = $1`,
      [url.username, database],
    );
    expect(check.rows).toEqual([{ login: true, connect: true }]);
  });

  it('keeps what a client needs of DATABASE_URL and leaves out its user, password and other parameters', () => {
    const ref = 'abcdefghijklmnopqrst';
    expect(projectConnectionString(`postgres://api:s3cret@db.internal:6543/plinth_project_${ref}?sslmode=require&password=other&sslkey=/etc/key`, ref)).toBe(
      `postgresql://plinth_${ref}_owner@db.internal:6543/plinth_project_${ref}?sslmode=require`,
    );
    expect(projectConnectionString(null, ref)).toBeNull();
  });
});
