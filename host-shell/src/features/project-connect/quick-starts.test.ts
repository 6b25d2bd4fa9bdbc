import { expect, test } from 'vitest';
import { connectionStringWithPassword, curlQuickStart, psqlQuickStart, supabaseJsQuickStart } from './quick-starts';

const access = { projectUrl: 'https://abcdefghijklmnopqrst.projects.example.com', anonKey: 'eyJhbGciOi.anon.key' };

test("the password's place is marked in the connection string; a database without an address has none", () => {
  expect(connectionStringWithPassword('postgresql://plinth_abc_owner@db.example.com:5432/plinth_project_abc?sslmode=require')).toBe(
    'postgresql://plinth_abc_owner:[YOUR-PASSWORD]@db.example.com:5432/plinth_project_abc?sslmode=require',
  );
  expect(connectionStringWithPassword(null)).toBeNull();
  expect(psqlQuickStart(null)).toBeNull();
  expect(psqlQuickStart('postgresql://r@h:5432/d')).toBe('psql "postgresql://r:[YOUR-PASSWORD]@h:5432/d"');
});

test('the supabase-js and curl quick starts carry the project URL and its anon key', () => {
  expect(supabaseJsQuickStart(access)).toContain(`createClient('${access.projectUrl}', '${access.anonKey}')`);
  expect(curlQuickStart(access)).toBe(
    `curl '${access.projectUrl}/rest/v1/your_table?select=*' \\\n  -H 'apikey: ${access.anonKey}' \\\n  -H 'Authorization: Bearer ${access.anonKey}'`,
  );
});
