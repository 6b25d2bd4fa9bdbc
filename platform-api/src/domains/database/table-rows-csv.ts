import type { RowFilter, RowSort, TableColumn, TableShape } from '@plinth/shared-contracts';
import { HttpError, type ProjectDatabase } from '../../core/deps';
import { AS_USER, ident, userSqlError } from '../common/sql';
import { readRowPage } from './table-rows';
import { qualifiedName } from './table-rows-shape';
import { Params } from './table-rows-sql';

// CSV in and out of a table. Export streams page after page (by keyset, like the grid); import
// parses the upload as it arrives and inserts it in batches inside one transaction: all rows or
// none, and an error names the line and the column.

const EXPORT_PAGE = 1000;
const IMPORT_BATCH = 500;
/** The largest CSV file an import takes. */
export const CSV_IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** One CSV field: quoted when it holds a comma, quote, line break, or is empty text (an empty field is null). */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text === '' || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table's rows as CSV lines, read a page at a time. */
export async function* exportCsv(db: Pick<ProjectDatabase, 'query'>, shape: TableShape, sort: RowSort | undefined, filters: RowFilter[]): AsyncGenerator<string> {
  yield `${shape.columns.map((c) => csvField(c.name)).join(',')}\r\n`;
  let after: string | undefined;
  for (;;) {
    const page = await readRowPage(db, shape, { limit: EXPORT_PAGE, after, sort, filters });
    if (page.rows.length) yield page.rows.map((r) => `${shape.columns.map((c) => csvField(r[c.name])).join(',')}\r\n`).join('');
    if (!page.next) return;
    after = page.next;
  }
}

/** A parsed CSV record: its fields (null for an empty unquoted field) and the line it starts on. */
export interface CsvRecord {
  line: number;
  fields: (string | null)[];
}

/** Parses CSV text as it arrives (RFC 4180: quotes double inside quoted fields, CRLF or LF). */
export async function* parseCsv(chunks: AsyncIterable<Uint8Array | string>, maxBytes = CSV_IMPORT_MAX_BYTES): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder();
  let fields: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let afterQuote = false;
  let line = 1;
  let recordLine = 1;
  let bytes = 0;
  const endField = () => {
    fields.push(field === '' && !quoted ? null : field);
    field = '';
    quoted = false;
    afterQuote = false;
  };
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    if (bytes > maxBytes) throw new HttpError(413, `The file is larger than ${maxBytes / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE', 'file');
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (inQuotes) {
        if (ch === '"') {
          inQuotes = false;
          afterQuote = true;
        } else {
          if (ch === '\n') line++;
          field += ch;
        }
        continue;
      }
      if (ch === '"') {
        if (afterQuote) field += '"';
        else if (field !== '') throw new HttpError(400, `Line ${line}: a quote inside an unquoted field`, 'CSV_ERROR', `line ${line}`);
        inQuotes = true;
        quoted = true;
        afterQuote = false;
      } else if (ch === ',') endField();
      else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        endField();
        if (!(fields.length === 1 && fields[0] === null)) yield { line: recordLine, fields };
        fields = [];
        line++;
        recordLine = line;
      } else {
        if (afterQuote) throw new HttpError(400, `Line ${line}: text after a closing quote`, 'CSV_ERROR', `line ${line}`);
        field += ch;
      }
    }
  }
  if (inQuotes) throw new HttpError(400, `Line ${recordLine}: a quoted field is not closed`, 'CSV_ERROR', `line ${recordLine}`);
  if (field !== '' || quoted || fields.length) {
    endField();
    yield { line: recordLine, fields };
  }
}

/** The SQL value of a CSV field: an empty field takes the column's default (or null). */
function csvValue(col: TableColumn, text: string | null, params: Params): string {
  if (text === null) return col.default !== null || col.generated ? 'default' : 'null';
  if (col.kind === 'array' && text.trim().startsWith('[')) return `array(select jsonb_array_elements_text(${params.add(text)}::jsonb))::${col.type}`;
  return params.add(text, col.type);
}

type Tx = Pick<ProjectDatabase, 'query'>;

async function insertBatch(tx: Tx, table: string, cols: TableColumn[], batch: CsvRecord[]): Promise<void> {
  const params = new Params();
  const values = batch.map((r) => `(${cols.map((c, i) => csvValue(c, r.fields[i] ?? null, params)).join(', ')})`);
  await tx.query(`insert into ${table} (${cols.map((c) => ident(c.name)).join(', ')}) values ${values.join(', ')}`, params.values, AS_USER);
}

/** Finds the line (and column) of a batch that Postgres refused, inside the same transaction. */
async function locateError(tx: Tx, table: string, cols: TableColumn[], batch: CsvRecord[], first: unknown): Promise<HttpError> {
  for (const record of batch) {
    await tx.query('savepoint csv_row', [], AS_USER);
    try {
      await insertBatch(tx, table, cols, [record]);
      await tx.query('release savepoint csv_row', [], AS_USER);
      continue;
    } catch (err) {
      await tx.query('rollback to savepoint csv_row', [], AS_USER);
      let column = typeof (err as { column?: unknown }).column === 'string' ? (err as { column: string }).column : null;
      for (let i = 0; !column && i < cols.length; i++) {
        const text = record.fields[i];
        if (text === null || text === undefined) continue;
        try {
          await tx.query('savepoint csv_cell', [], AS_USER);
          await tx.query(`select ${csvValue(cols[i]!, text, new Params())}`, [text], AS_USER);
          await tx.query('release savepoint csv_cell', [], AS_USER);
        } catch {
          await tx.query('rollback to savepoint csv_cell', [], AS_USER);
          column = cols[i]!.name;
        }
      }
      const message = userSqlError(err).message;
      return new HttpError(400, `Line ${record.line}${column ? `, column "${column}"` : ''}: ${message}`, 'CSV_ERROR', column ? `line ${record.line}.${column}` : `line ${record.line}`);
    }
  }
  return new HttpError(400, userSqlError(first).message, 'CSV_ERROR', 'file');
}

/** Inserts every record of the CSV (first line: column names) into the table, all in one transaction. */
export async function importCsv(db: Pick<ProjectDatabase, 'transaction'>, shape: TableShape, chunks: AsyncIterable<Uint8Array | string>): Promise<{ inserted: number }> {
  if (shape.readOnly) throw new HttpError(400, `${shape.name} is a ${shape.type}: its rows are read-only here`, 'READ_ONLY_TABLE');
  const table = qualifiedName(shape);
  const records = parseCsv(chunks);
  const head = await records.next();
  if (head.done) throw new HttpError(400, 'The file is empty: its first line must name the columns', 'CSV_ERROR', 'file');
  const cols = head.value.fields.map((name, i) => {
    const col = shape.columns.find((c) => c.name === (name ?? '').trim());
    if (!col) throw new HttpError(400, `Line 1: column "${name ?? ''}" does not exist on ${shape.name}`, 'CSV_ERROR', `line 1.${i}`);
    return col;
  });
  return db.transaction(async (tx) => {
    let inserted = 0;
    let batch: CsvRecord[] = [];
    const flush = async () => {
      if (!batch.length) return;
      await tx.query('savepoint csv_batch', [], AS_USER);
      try {
        await insertBatch(tx, table, cols, batch);
      } catch (err) {
        await tx.query('rollback to savepoint csv_batch', [], AS_USER);
        throw await locateError(tx, table, cols, batch, err);
      }
      await tx.query('release savepoint csv_batch', [], AS_USER);
      inserted += batch.length;
      batch = [];
    };
    for await (const record of records) {
      if (record.fields.length !== cols.length) {
        throw new HttpError(400, `Line ${record.line}: ${record.fields.length} fields where the first line names ${cols.length}`, 'CSV_ERROR', `line ${record.line}`);
      }
      batch.push(record);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    return { inserted };
  });
}
