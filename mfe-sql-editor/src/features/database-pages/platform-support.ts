// What the platform offers on project databases where the console shows no list.

/** The words the pages show where the platform offers nothing, so the console never shows a fake list. */
export const PLATFORM_SUPPORT = {
  replication:
    'Replication is not available on this platform: project databases take no replication connections (the project role has no REPLICATION attribute, and the embedded database has no write-ahead log to stream). Read replicas and publications to outside consumers are not offered.',
  hooks:
    'Database webhooks are not available on this platform: they need the pg_net extension to send HTTP requests from the database, and project databases do not load it. Call your own endpoint from your app, or use a trigger that writes to a table your app reads.',
  wrappers:
    'Foreign data wrappers are not available on this platform: project databases refuse postgres_fdw, dblink and the wrappers extension, so a project cannot read another server from SQL.',
  roles:
    'Roles are shared by every project database of a server, so they are listed here but not created or dropped from a project. Grant privileges to anon, authenticated and service_role with SQL.',
  migrations:
    'Migrations appear here when a tool records them in supabase_migrations.schema_migrations. This platform has no CLI that pushes migrations; changes made in the SQL editor are not recorded as migrations.',
} as const;
