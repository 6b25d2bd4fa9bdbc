let formatter: Promise<typeof import('sql-formatter')> | null = null;
const loadFormatter = () =>
  (formatter ??= import(/* webpackChunkName: "sql-formatter" */ 'sql-formatter').catch((error: unknown) => {
    formatter = null;
    throw error;
  }));

/** Starts loading sql-formatter now (the pointer on Format). */
export const preloadFormatter = () => void loadFormatter().catch(() => undefined);

/** Formats PostgreSQL text (sql-formatter, loaded on first use); throws when it cannot parse it. */
export async function formatSql(text: string): Promise<string> {
  const { format } = await loadFormatter();
  return format(text, { language: 'postgresql', keywordCase: 'preserve', tabWidth: 2 });
}
