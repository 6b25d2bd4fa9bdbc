// What the project home's "Connecting" card offers to copy: the database connection string and a
// short quick start in supabase-js, curl and psql. Pure text, working as written: the project URL
// and anon key are the project's own, and the one secret never shown, the database role's
// password, is a placeholder.

/** Stands for the database role's password, which the console never shows. */
export const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]';

/** The table the examples read: a placeholder the user replaces with one of theirs. */
export const EXAMPLE_TABLE = 'your_table';

export const QUICK_STARTS = [
  { key: 'supabase-js', label: 'supabase-js' },
  { key: 'curl', label: 'curl' },
  { key: 'psql', label: 'psql' },
] as const;
export type QuickStartKey = (typeof QUICK_STARTS)[number]['key'];

export interface ProjectAccess {
  /** What `createClient` takes: the project's service URL (`https://{ref}.projects.example.com`, or `http://localhost:3001/{ref}` on one machine). */
  projectUrl: string;
  anonKey: string;
}

/**
 * The connection string with the password's place marked: the API names the user but never the
 * password (`postgresql://role@host:port/db`). Null when the project's database has no address.
 */
export function connectionStringWithPassword(connectionString: string | null): string | null {
  if (!connectionString) return null;
  return connectionString.replace(/^(postgres(?:ql)?:\/\/[^@/?#:]+)@/, `$1:${PASSWORD_PLACEHOLDER}@`);
}

const jsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A shell word in single quotes. */
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function supabaseJsQuickStart({ projectUrl, anonKey }: ProjectAccess): string {
  return [
    'npm install @supabase/supabase-js',
    '',
    "import { createClient } from '@supabase/supabase-js'",
    '',
    `const supabase = createClient(${jsString(projectUrl)}, ${jsString(anonKey)})`,
    `const { data, error } = await supabase.from(${jsString(EXAMPLE_TABLE)}).select('*')`,
  ].join('\n');
}

export function curlQuickStart({ projectUrl, anonKey }: ProjectAccess): string {
  return [`curl ${sh(`${projectUrl}/rest/v1/${EXAMPLE_TABLE}?select=*`)}`, `  -H ${sh(`apikey: ${anonKey}`)}`, `  -H ${sh(`Authorization: Bearer ${anonKey}`)}`].join(' \\\n');
}

/** Null when the database has no address psql could reach. */
export function psqlQuickStart(connectionString: string | null): string | null {
  const url = connectionStringWithPassword(connectionString);
  return url ? `psql "${url}"` : null;
}
