import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@plinth/platform-core/deps';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { parseCsv, type CsvRecord } from './table-rows-csv';

/** The text as the upload would bring it, a few bytes at a time (so quotes, CRLF and characters fall across chunks). */
async function* inPieces(text: string, size = 3): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function parsed(text: string, size?: number): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of parseCsv(inPieces(text, size))) out.push(r);
  return out;
}

async function refusal(text: string): Promise<HttpError> {
  const err = await parsed(text).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('parsing CSV', () => {
  it('reads quoted fields with line breaks and doubled quotes, and numbers each record by the line it starts on', async () => {
    for (const size of [1, 3, 1000]) {
      expect(await parsed('a,b\n1,"two\nlines"\r\n2,"three\r\nlines\nhere"\n\n3,"say ""hi"""\r4,x', size)).toEqual([
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1', 'two\nlines'] },
        { line: 4, fields: ['2', 'three\r\nlines\nhere'] },
        { line: 8, fields: ['3', 'say "hi"'] },
        { line: 9, fields: ['4', 'x'] },
      ]);
    }
  });

  it('tells an empty field (null) from a quoted empty string', async () => {
    expect(await parsed('a,b,c\n,"",x\n"",,\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: [null, '', 'x'] },
      { line: 3, fields: ['', null, null] },
    ]);
  });

  it('skips a byte order mark, even one split across chunks', async () => {
    for (const size of [1, 2, 100]) expect(await parsed('\uFEFFname,é\r\nAnn,日本\r\n', size)).toEqual([
      { line: 1, fields: ['name', 'é'] },
      { line: 2, fields: ['Ann', '日本'] },
    ]);
  });

  it('refuses malformed text with a 400 naming the line', async () => {
    const unclosed = await refusal('a,b\n1,2\n\n3,"never\r\nclosed\n');
    expect([unclosed.status, unclosed.code, unclosed.message]).toEqual([400, 'CSV_ERROR', 'Line 4: a quoted field is not closed']);
    expect((await refusal('a\n"x\ny"z\n')).message).toBe('Line 3: text after a closing quote');
    expect((await refusal('a\n"x\r\ny"\nb"c\n')).message).toBe('Line 4: a quote inside an unquoted field');
  });

  it('refuses a file over the limit while it arrives, without reading the rest', async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 1000;
          yield Buffer.from('x,y\n'.repeat(250));
        }
      } finally {
        closed = true;
      }
    }
    const err = await (async () => {
      for await (const _ of parseCsv(endless(), 100_000)) void _;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(read).toBeLessThan(200_000);
    expect(closed).toBe(true);
  });
});

describe('importing CSV', () => {
  let s: ProjectTestServer;
  let notes = 0;
  const url = () => `/api/platform/pg-meta/${s.ref}/tables/${notes}/rows/csv`;
  const count = async () => {
    const db = await s.deps.databases.get(s.ref);
    return Number((await db.query<{ n: string }>('select count(*)::text as n from public.notes')).rows[0]!.n);
  };
  const post = async (payload: string | Readable) =>
    s.app.inject({ method: 'POST', url: url(), headers: { ...(await s.as('Developer')), 'content-type': 'text/csv' }, payload });

  beforeAll(async () => {
    s = await startProjectServer();
    const db = await s.deps.databases.get(s.ref);
    await db.exec('create table public.notes (id int primary key, body text, n int)');
    notes = (await db.query<{ id: number }>(`select 'public.notes'::regclass::oid::int as id`)).rows[0]!.id;
  });
  afterAll(async () => s?.close());

  it('keeps line breaks inside quoted fields, and names the right line of a bad value after them, with nothing inserted', async () => {
    const bad = await post('id,body,n\n1,"first\nsecond\nthird",1\n2,"a\r\nb",2\n3,ok,three\n');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'CSV_ERROR', field: 'line 7.n' });
    expect(bad.json().message).toMatch(/^Line 7, column "n": invalid input syntax for type integer/);
    expect(await count()).toBe(0);

    const ok = await post('id,body,n\n1,"first\nsecond",1\n');
    expect(ok.json()).toEqual({ inserted: 1 });
    const db = await s.deps.databases.get(s.ref);
    expect((await db.query('select body from public.notes')).rows).toEqual([{ body: 'first\nsecond' }]);
    await db.exec('delete from public.notes');
  });

  it('imports a quoted empty string as text and an empty field as null, after a byte order mark and with CRLF', async () => {
    const res = await post('\uFEFFid,body,n\r\n1,"",\r\n2,,5\r\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inserted: 2 });
    const db = await s.deps.databases.get(s.ref);
    expect((await db.query('select id, body, n from public.notes order by id')).rows).toEqual([
      { id: 1, body: '', n: null },
      { id: 2, body: null, n: 5 },
    ]);
    await db.exec('delete from public.notes');
  });

  it('answers malformed files with a 400 naming the line, never a 500, and inserts nothing', async () => {
    const unclosed = await post('id,body\n1,fine\n2,"no end\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({ code: 'CSV_ERROR', message: 'Line 3: a quoted field is not closed', field: 'line 3' });
    const wide = await post('id,body\n1,fine\n2,too,many\n');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe('Line 3: 3 fields where the first line names 2');
    expect(await count()).toBe(0);
  });

  it('imports 100,000 rows streamed in chunks', async () => {
    async function* rows() {
      yield 'id,body,n\n';
      for (let i = 1; i <= 100_000; i += 1000) {
        let chunk = '';
        for (let j = i; j < i + 1000; j++) chunk += `${j},"row ${j}, quoted",${j % 7 === 0 ? '' : j}\n`;
        yield chunk;
      }
    }
    const res = await post(Readable.from(rows()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inserted: 100_000 });
    const db = await s.deps.databases.get(s.ref);
    const summary = await db.query<{ n: string; nulls: string; last: string }>(
      `select count(*)::text as n, count(*) filter (where n is null)::text as nulls, max(body) filter (where id = 100000) as last from public.notes`,
    );
    expect(summary.rows[0]).toEqual({ n: '100000', nulls: String(Math.floor(100_000 / 7)), last: 'row 100000, quoted' });
  }, 600_000);
});
