// What the platform offers on project databases where the console shows no list.

/** The words the pages show where the platform offers nothing, so the console never shows a fake list. */
export const PLATFORM_SUPPORT = {
  replication:
    'Replication is not available on this platform: project databases take no replication connections (the project role has no REPLICATION attribute, and the embedded database has no write-ahead log to stream). Read replicas and publications to outside consumers are not offered.',
  wrappers:
    'Foreign data wrappers are not available on this platform: project databases refuse postgres_fdw, dblink and the wrappers extension, so a project cannot read another server from SQL.',
  roles:
    'Roles are shared by every project database of a server, so they are listed here but not created or dropped from a project. Grant privileges to anon, authenticated and service_role with SQL.',
  migrations:
    'Migrations appear here when a tool records them in supabase_migrations.schema_migrations. This platform has no CLI that pushes migrations; changes made in the SQL editor are not recorded as migrations.',
} as const;
