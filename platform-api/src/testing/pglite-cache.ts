import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { projectBootstrapSql } from '@plinth/platform-core/project-bootstrap.sql';
import { copyDirectory } from '@plinth/platform-core/common/copy-directory';
import { openControlDatabase, type OpenControlDatabase } from '@plinth/platform-core/control-db';
import { CONTROL_MIGRATIONS } from '@plinth/platform-core/migrations';
import { JobRunner } from '@plinth/console-api/jobs/runner';

/**
 * Test speed-up: a fresh PGlite cluster costs seconds of CPU (initdb in WebAssembly) and the control
 * migrations more than a second. Tests copy a cached control cluster, already migrated (rebuilt when
 * a migration changes), and a cached project template into their data directory instead.
 */
const CACHE = path.join(os.tmpdir(), 'plinth-test-pglite-cache-0.5.16');

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

async function cached(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(CACHE, name);
  if (await exists(path.join(dir, 'READY'))) return dir;
  const tmp = `${dir}.${randomBytes(4).toString('hex')}`;
  await mkdir(tmp, { recursive: true });
  await build(tmp);
  await writeFile(path.join(tmp, 'READY'), '');
  try {
    await rename(tmp, dir);
  } catch {
    await rm(tmp, { recursive: true, force: true }); // another test file built it first
  }
  return dir;
}

/** Building the embedded template reads nothing from the control database. */
const NO_CONTROL_DATABASE: OpenControlDatabase = {
  kind: 'embedded',
  query: async () => {
    throw new Error('The project template is built without a control database');
  },
  transaction: async () => {
    throw new Error('The project template is built without a control database');
  },
  close: async () => undefined,
};

/**
 * Runs the control migrations on a new control database, and lets the job queue make its own
 * schema there (pg-boss does at its first start; a later start only checks it).
 */
export async function migrateControl(opts: { dataDir: string; databaseUrl: string | null }): Promise<void> {
  const db = await openControlDatabase(opts);
  try {
    const jobs = new JobRunner(db, { warn: () => undefined });
    await jobs.start();
    await jobs.stop();
  } finally {
    await db.close();
  }
}

/** What the migrated control cluster depends on: how it is made and every control migration, in order. */
export const migrationsHash = () => createHash('sha256').update(migrateControl.toString()).update(JSON.stringify(CONTROL_MIGRATIONS)).digest('hex').slice(0, 12);

/** Fills `<dataDir>/control` and `<dataDir>/template` from the cache (building it once). */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const control = await cached(`control-${migrationsHash()}`, async (dir) => {
    await migrateControl({ dataDir: dir, databaseUrl: null });
  });
  const hash = createHash('sha256').update(projectBootstrapSql().join('\n')).digest('hex').slice(0, 12);
  const template = await cached(`template-${hash}`, async (dir) => {
    const manager = new ProjectDatabaseManager({ dataDir: dir, databaseUrl: null, statementTimeoutMs: 120_000, control: NO_CONTROL_DATABASE });
    await manager.embeddedTemplate();
  });
  await Promise.all([copyDirectory(path.join(control, 'control'), path.join(dataDir, 'control')), copyDirectory(path.join(template, 'template'), path.join(dataDir, 'template'))]);
}
