import { ApiError } from '@plinth/shared-contracts';
import { errorMessage } from '@plinth/area-kit';

// How a refused log query is told: bad SQL with where it points, the time-out, a read the query
// may not make, an empty range; anything else as the API words it.

export interface LogQueryProblem {
  kind: 'invalid' | 'timeout' | 'forbidden' | 'range' | 'other';
  title: string;
  message: string;
  /** 0-based offset in the SQL text the API pointed at (its "(at character N)" counts from 1). */
  offset: number | null;
}

const AT = /\(at character (\d+)\)\s*$/;

export function describeQueryError(error: unknown): LogQueryProblem {
  const message = errorMessage(error);
  const code = error instanceof ApiError ? error.code : undefined;
  const at = AT.exec(message);
  const offset = at ? Math.max(0, Number(at[1]) - 1) : null;
  if (code === 'log_query_timeout') return { kind: 'timeout', title: 'The query took too long', message, offset: null };
  if (code === 'log_query_invalid') return { kind: 'invalid', title: 'The query is not valid', message, offset };
  if (code === 'log_query_forbidden') return { kind: 'forbidden', title: 'The query was refused', message, offset };
  if (code === 'log_query_range') return { kind: 'range', title: 'The time range is outside what your plan keeps', message, offset: null };
  return { kind: 'other', title: 'The query failed', message, offset };
}
