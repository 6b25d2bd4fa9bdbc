import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { STORAGE_TABLES_SQL } from '@plinth/platform-core/project-bootstrap.sql';
import { FOLDER_LISTING_SQL } from './list-schema';

// The storage schema of a project database. The core creates it when a project comes up; these
// statements reuse the core's tables and functions (STORAGE_TABLES_SQL), are idempotent, and run
// once per open database on first use so that an older project (or a test database) gets the index
// the explorer's listing relies on (placed after the row level security lines, where it has the same effect).

export const STORAGE_SCHEMA_SQL = `${STORAGE_TABLES_SQL}create index if not exists objects_bucket_name_prefix on storage.objects (bucket_id, name text_pattern_ops);
${FOLDER_LISTING_SQL}do $$ begin
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    grant usage on schema storage to anon, authenticated, service_role;
    grant select, insert, update, delete on storage.objects, storage.buckets to anon, authenticated, service_role;
    grant execute on all functions in schema storage to anon, authenticated, service_role;
  end if;
end $$;
`;

const ready = new WeakMap<ProjectDatabase, Promise<void>>();

/** Makes sure the storage schema is in place on this open project database. */
export async function ensureStorageSchema(db: ProjectDatabase): Promise<ProjectDatabase> {
  let done = ready.get(db);
  if (!done) {
    done = db.exec(STORAGE_SCHEMA_SQL).then(() => undefined);
    done.catch(() => ready.delete(db));
    ready.set(db, done);
  }
  await done;
  return db;
}
