import { pipeline } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import type { RowFilter, RowSort, TableColumn, TableShape } from '@plinth/contracts-database';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { AS_USER, ident, userSqlError } from '@plinth/platform-core/common/sql';
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

/** The line breaks in a piece of the file: CRLF, LF or a lone CR each count one. */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** The line breaks a record's text starts with (the empty lines the parser skipped before it). */
function leadingLineBreaks(text: string): number {
  return lineBreaks(/^[\r\n]*/.exec(text)![0]);
}

/** The upload, refused (413) as soon as it grows past the limit, before the rest is read. */
async function* limited(chunks: AsyncIterable<Uint8Array | string>, maxBytes: number): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of chunks) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    bytes += buf.byteLength;
    if (bytes > maxBytes) throw new HttpError(413, `The file is larger than ${maxBytes / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE', 'file');
    yield buf;
  }
}

/** What the parser's refusals mean to the user, by its error code. */
const PARSE_ERRORS: Record<string, string> = {
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed',
};

/** What the parser pushes: a record, or the file's first malformed spot in its place. */
type Parsed = CsvRecord | { failure: HttpError };

/**
 * Parses CSV (RFC 4180: quotes double inside quoted fields; CRLF, LF or CR, even mixed; a BOM is
 * skipped; empty lines are skipped) with csv-parse's streaming parser, fed as the upload arrives.
 * Lines are counted here from each record's text (`raw`), in the parser's order: csv-parse's own
 * count takes a CRLF inside a quoted field for two lines. A malformed spot is pushed in order after
 * the records before it (a stream error would drop those still buffered, and with them which
 * error comes first).
 */
export async function* parseCsv(chunks: AsyncIterable<Uint8Array | string>, maxBytes = CSV_IMPORT_MAX_BYTES): AsyncGenerator<CsvRecord> {
  /** The line after the last record parsed. */
  let line = 1;
  let failed = false;
  const options: Options<CsvRecord, { record: (string | null)[]; raw: string }> = {
    bom: true,
    raw: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_empty_lines: true,
    // The field count is checked against the header by the caller, with its own message.
    relax_column_count: true,
    cast: (value, context) => (value === '' && !context.quoting ? null : value),
    on_record: ({ record, raw }) => {
      if (failed) return null;
      const parsed = { line: line + leadingLineBreaks(raw), fields: record };
      line += lineBreaks(raw);
      return parsed;
    },
    skip_records_with_error: true,
    on_skip: (err, raw = '') => {
      if (failed) return undefined;
      failed = true;
      const code = (err as { code?: string } | undefined)?.code ?? '';
      // An unclosed quote is named by the line its record starts on; the rest by the line they are on.
      const at = line + (code === 'CSV_QUOTE_NOT_CLOSED' ? leadingLineBreaks(raw) : lineBreaks(raw));
      const what = PARSE_ERRORS[code] ?? (err?.message ?? 'the file is not CSV').replace(/ (at|on) line \d+/, '');
      parser.push({ failure: new HttpError(400, `Line ${at}: ${what}`, 'CSV_ERROR', `line ${at}`) } satisfies Parsed);
      return undefined;
    },
  };
  // csv-parse's overloads type a record as its fields; on_record makes it a CsvRecord.
  const parser = parse(options as unknown as Options);
  // The upload's errors (its size) end up in the parser, and so in the loop below.
  pipeline(limited(chunks, maxBytes), parser, () => {});
  for await (const parsed of parser as AsyncIterable<Parsed>) {
    if ('failure' in parsed) throw parsed.failure;
    yield parsed;
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
