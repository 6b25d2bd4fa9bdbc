import type { SqlRunResult, SqlStatementResult } from '@plinth/contracts-database';

// A run's answer as the results the editor shows: one per statement.

/** Each statement's result; an answer with only the last statement's keyed rows becomes one result. */
export function statementResults(result: SqlRunResult): SqlStatementResult[] {
  if (result.results) return result.results;
  const names = result.columns.map((column) => column.name);
  return [
    {
      statement: '',
      command: '',
      columns: result.columns,
      rows: result.rows.map((row) => names.map((name) => row[name] ?? null)),
      affectedRows: result.affectedRows ?? null,
      truncated: result.truncated ?? false,
      totalRows: result.totalRows ?? result.rows.length,
    },
  ];
}

const numberFormat = new Intl.NumberFormat('en-US');

/** What a statement did, as its tab says: "12 rows", "INSERT 3", "CREATE TABLE". */
export function resultSummary(result: SqlStatementResult): string {
  if (result.columns.length > 0) return `${numberFormat.format(result.totalRows)} ${result.totalRows === 1 ? 'row' : 'rows'}`;
  const command = result.command || 'Success';
  return result.affectedRows !== null && /^(INSERT|UPDATE|DELETE|MERGE|COPY)$/.test(command) ? `${command} ${numberFormat.format(result.affectedRows)}` : command;
}

/** The statements that show something: every result when there are several, else the one. */
export function tabLabel(result: SqlStatementResult, index: number): string {
  return `${index + 1}. ${result.command || 'Result'}`;
}
