import * as z from '@plinth/shared-contracts/zod';
import type { Http } from '@plinth/shared-contracts';

// AI title of a SQL snippet (000 §7.4, 001 §7): POST /api/ai/sql/title.
export const SqlTitleRequestSchema = z.object({ sql: z.string().check(z.minLength(1, 'sql is required'), z.maxLength(1_000_000)) });
export const SqlTitleSchema = z.object({ title: z.string(), description: z.string() });
export type SqlTitle = z.infer<typeof SqlTitleSchema>;
export function createSqlTitleClient(http: Http) {
  return { titleFromSql: (sql: string) => http('POST', '/ai/sql/title', { body: { sql }, schema: SqlTitleSchema }) };
}
