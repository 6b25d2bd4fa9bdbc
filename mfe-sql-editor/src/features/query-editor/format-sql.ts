/** Formats PostgreSQL text (sql-formatter, loaded on first use); throws when it cannot parse it. */
export async function formatSql(text: string): Promise<string> {
  const { format } = await import(/* webpackChunkName: "sql-formatter" */ 'sql-formatter');
  return format(text, { language: 'postgresql', keywordCase: 'preserve', tabWidth: 2 });
}
