import { extraProjectBootstrap } from '@plinth/platform-core/project-bootstrap.sql';

// Tables, sequences and functions made in `public` (the console's table editor, the SQL editor) are
// reachable by the API roles, as on the established platform: what each caller sees and changes is
// then decided by row level security. Applies to objects created after it by the role running the
// bootstrap; tables made before keep the grants they have.
extraProjectBootstrap.push(`
alter default privileges in schema public grant select, insert, update, delete on tables to anon, authenticated, service_role;
alter default privileges in schema public grant usage, select on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;
`);
