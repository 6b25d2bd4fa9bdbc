import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';

// Several statements sent as one batch of the extended query protocol, ended by a single Sync:
// Postgres runs them in order in one implicit transaction, which ends (commits, or rolls back on
// an error) at that Sync. A setting made by one statement with set_config(…, true) applies to those
// after it and is gone once the batch is answered, so the connection is clean again without BEGIN
// and COMMIT: one write to the socket and one answer for the whole call. Each statement is kept
// prepared on its connection (by a name derived from its text), up to a bound per connection.

export interface BatchStatement {
  sql: string;
  params: unknown[];
}

/** Statements kept prepared per connection by this path at most; past that, a statement is parsed each time (unnamed). */
const MAX_PREPARED = 100;

/**
 * Per connection (its protocol object): `ready`, prepared; `unknown`, a batch that parsed it failed,
 * so whether it exists is not known (it is closed before being parsed again; closing a statement
 * that does not exist is no error).
 */
const preparedOn = new WeakMap<object, Map<string, 'ready' | 'unknown'>>();
const names = new Map<string, string>();

function nameOf(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    if (names.size >= 1_000) names.clear();
    name = `plinth_b_${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
  }
  return name;
}

interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(m: { text: string; name: string; types: unknown[] }): void;
  bind(m: { statement: string; values: unknown[] }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
}

/** How the pg client turns a bound value into protocol text (the same as for its own queries). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (v: unknown) => unknown };

type Callback = (err: Error | null, results?: pg.QueryResult | pg.QueryResult[]) => void;

/** What of pg's Query this path relies on: its answer handling (rows, command tags, errors, the final ReadyForQuery). */
interface QueryHandling {
  callback: Callback;
  handleError(err: Error, connection: unknown): void;
  handleReadyForQuery(connection: unknown): void;
}
const QueryBase = pg.Query as unknown as new (config: { text: string }) => QueryHandling;

/** The batch as one query of the pg client (a Query, so a pipelining connection takes it); its result is each statement's. */
class BatchQuery extends QueryBase {
  private parsed: string[] = [];
  private connection: object | null = null;

  constructor(
    private readonly statements: BatchStatement[],
    callback: Callback,
  ) {
    super({ text: statements.map((s) => s.sql).join(';\n') });
    this.callback = callback;
  }

  submit(connection: Connection): Error | null {
    // Values first: one that cannot be sent fails the call before anything is written.
    let values: unknown[][];
    try {
      values = this.statements.map((s) => s.params.map(prepareValue));
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
    this.connection = connection;
    let state = preparedOn.get(connection);
    if (!state) preparedOn.set(connection, (state = new Map()));
    connection.stream.cork?.();
    try {
      this.statements.forEach((s, i) => {
        let name = nameOf(s.sql);
        const known = state.get(name);
        if (known !== 'ready' && !this.parsed.includes(name)) {
          if (known === undefined && state.size >= MAX_PREPARED) name = '';
          else {
            if (known === 'unknown') connection.close({ type: 'S', name });
            this.parsed.push(name);
          }
          connection.parse({ text: s.sql, name, types: [] });
        }
        connection.bind({ statement: name, values: values[i]! });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private settle(ok: boolean): void {
    const state = this.connection && preparedOn.get(this.connection);
    if (!state) return;
    for (const name of this.parsed) state.set(name, ok ? 'ready' : 'unknown');
    this.parsed = [];
  }

  handleError(err: Error, connection: unknown): void {
    this.settle(false);
    super.handleError(err, connection);
  }

  handleReadyForQuery(connection: unknown): void {
    this.settle(true);
    super.handleReadyForQuery(connection);
  }
}

/** Runs the statements as one batch on `client` (see above); answers the last statement's result. */
export function readInOneBatch(client: pg.PoolClient, statements: BatchStatement[]): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new BatchQuery(statements, (err, results) => {
      if (err) return reject(err);
      const all = Array.isArray(results) ? results : [results];
      resolve(all[all.length - 1]!);
    });
    client.query(query as unknown as pg.Submittable);
  });
}
