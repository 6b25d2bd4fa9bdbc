import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import type { SqlRunResult } from '@plinth/shared-contracts';

const c = tokens.color;
const tableStyle = css({
  borderCollapse: 'collapse',
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSize.xs,
  'th, td': { border: `1px solid ${c.border}`, padding: '4px 8px', textAlign: 'left', whiteSpace: 'nowrap' },
  th: { background: c.surfaceRaised, position: 'sticky', top: 0 },
});

function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows a statement returned, or what it did when it returned none. */
export function ResultsTable({ result }: { result: SqlRunResult }) {
  if (result.columns.length === 0) {
    const affected = result.affectedRows;
    return <p role="status">{affected != null ? `Success. ${affected} rows affected.` : 'Success. No rows returned.'}</p>;
  }
  return (
    <div css={{ overflow: 'auto', maxHeight: 400 }}>
      <p role="status" css={{ margin: '0 0 6px', color: c.textMuted, fontSize: tokens.fontSize.xs }}>
        {result.rows.length} {result.rows.length === 1 ? 'row' : 'rows'}
      </p>
      <table css={tableStyle} aria-label="Results">
        <thead>
          <tr>
            {result.columns.map((col, i) => (
              <th key={`${col.name}-${i}`} scope="col">
                {col.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, r) => (
            <tr key={r}>
              {result.columns.map((col, i) => (
                <td key={`${col.name}-${i}`}>{cellText(row[col.name])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
