import type { StorageListPageBodySchema, StorageListSortColumn, StorageObject, StorageObjectPage, StorageSortOrder } from '@plinth/contracts-storage';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import type { z } from 'zod';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';

// A folder's entries one page at a time, by keyset (list-schema.ts holds the columns and indexes):
// first the folders inside it, found by skipping from one folder's objects to the next folder's
// (one index probe each), then its files in the chosen order, ties broken by name. A cursor holds
// the last entry's key, never an offset, so a page is right whatever was added or deleted before it.

type Db = Pick<ProjectDatabase, 'query'>;
type PageBody = z.output<typeof StorageListPageBodySchema>;

interface Cursor {
  /** 'd': still among the folders (n: the last folder's name); 'f': among the files (k, n: the last file's key and name, or none yet). */
  p: 'd' | 'f';
  n?: string;
  k?: string;
  c: StorageListSortColumn;
  o: StorageSortOrder;
}

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decode(text: string | undefined, column: StorageListSortColumn, order: StorageSortOrder): Cursor | null {
  if (text === undefined || text === '') return null;
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw new HttpError(400, STORAGE_API_MESSAGES.badCursor, 'INVALID_CURSOR', 'cursor');
  }
  const ok =
    c && c.c === column && c.o === order && (c.p === 'd' ? typeof c.n === 'string' : c.p === 'f') &&
    (c.n === undefined || typeof c.n === 'string') && (c.k === undefined || typeof c.k === 'string');
  if (!ok) throw new HttpError(400, STORAGE_API_MESSAGES.badCursor, 'INVALID_CURSOR', 'cursor');
  return c;
}

/** The smallest string above every string that starts with `s` (byte order), or null for ''. */
export function prefixEnd(s: string): string | null {
  const chars = Array.from(s);
  while (chars.length) {
    const cp = chars.pop()!.codePointAt(0)!;
    if (cp < 0x10ffff) {
      const next = cp + 1 === 0xd800 ? 0xe000 : cp + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/** Names of the folders directly inside `prefix` that start with `start`, after the cursor's folder. */
async function childFolders(db: Db, bucketId: string, prefix: string, start: string, desc: boolean, after: string | undefined, limit: number): Promise<string[]> {
  const params: unknown[] = [bucketId, prefix, start, Array.from(prefix).length, limit];
  const child = `split_part(substr(t.f, $4::int + 1), '/', 1)`;
  const bound: string[] = [];
  const hi = prefixEnd(start);
  if (hi !== null) bound.push(`folder < $${params.push(hi)}`);
  // Ascending, the next folder's objects start above '<prefix><name>0' ('0' follows '/');
  // descending, they end below '<prefix><name>/'.
  if (after !== undefined) bound.push(desc ? `folder < $${params.push(`${prefix}${after}/`)}` : `folder >= $${params.push(`${prefix}${after}0`)}`);
  const first = ['bucket_id = $1', 'folder > $2', 'folder >= $3', ...bound].join(' and ');
  const next = ['bucket_id = $1', 'folder > $2', 'folder >= $3', ...(hi !== null ? [bound[0]!] : []), desc ? `folder < $2 || ${child} || '/'` : `folder >= $2 || ${child} || '0'`].join(' and ');
  const pick = desc ? 'max' : 'min';
  const r = await db.query<{ name: string }>(
    `with recursive t(f, i) as (
       select (select ${pick}(folder) from storage.objects where ${first}), 1
       union all
       select (select ${pick}(folder) from storage.objects where ${next}), t.i + 1 from t where t.f is not null and t.i < $5::int
     )
     select split_part(substr(f, $4::int + 1), '/', 1) as name from t where f is not null`,
    params,
  );
  return r.rows.map((row) => row.name);
}

const KEYS: Record<Exclude<StorageListSortColumn, 'name'>, { expr: string; type: string; text: string }> = {
  created_at: { expr: 'created_at', type: 'timestamptz', text: `to_json(created_at)#>>'{}'` },
  updated_at: { expr: 'updated_at', type: 'timestamptz', text: `to_json(updated_at)#>>'{}'` },
  last_accessed_at: { expr: 'last_accessed_at', type: 'timestamptz', text: `to_json(last_accessed_at)#>>'{}'` },
  size: { expr: 'storage.object_size(metadata)', type: 'bigint', text: 'storage.object_size(metadata)::text' },
};

interface FileRow {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
  sort_key: string;
}

async function files(db: Db, bucketId: string, prefix: string, start: string, column: StorageListSortColumn, desc: boolean, after: Cursor | null, limit: number): Promise<FileRow[]> {
  const params: unknown[] = [bucketId, prefix, limit];
  const where = ['bucket_id = $1', 'folder = $2'];
  if (start !== prefix) {
    where.push(`name collate "C" >= $${params.push(start)}`);
    const hi = prefixEnd(start);
    if (hi !== null) where.push(`name collate "C" < $${params.push(hi)}`);
  }
  const cmp = desc ? '<' : '>';
  const dir = desc ? 'desc' : 'asc';
  const key = column === 'name' ? null : KEYS[column];
  if (after?.n !== undefined) {
    if (key) where.push(`(${key.expr}, name collate "C") ${cmp} ($${params.push(after.k ?? '')}::${key.type}, $${params.push(after.n)})`);
    else where.push(`name collate "C" ${cmp} $${params.push(after.n)}`);
  }
  const r = await db.query<FileRow>(
    `select id::text as id, name, metadata, created_at, updated_at, last_accessed_at, ${key ? key.text : 'name'} as sort_key
     from storage.objects where ${where.join(' and ')}
     order by ${key ? `${key.expr} ${dir}, ` : ''}name collate "C" ${dir} limit $3::int`,
    params,
  );
  return r.rows;
}

const time = (v: unknown) => (v === null || v === undefined ? null : isoTime(v));
const folderItem = (name: string): StorageObject => ({ name, id: null, metadata: null, created_at: null, updated_at: null, last_accessed_at: null });

/** One page of a folder (see StorageListPageBodySchema). */
export async function listFolderPage(db: Db, bucketId: string, body: PageBody): Promise<StorageObjectPage> {
  const folder = body.path.replace(/^\/+|\/+$/g, '');
  const prefix = folder ? `${folder}/` : '';
  const start = prefix + body.search;
  const { column, order } = body.sortBy;
  const desc = order === 'desc';
  const limit = body.limit;
  const cursor = decode(body.cursor, column, order);
  const next = (c: Omit<Cursor, 'c' | 'o'>) => encode({ ...c, c: column, o: order });
  const items: StorageObject[] = [];

  if (!cursor || cursor.p === 'd') {
    const names = await childFolders(db, bucketId, prefix, start, desc, cursor?.n, limit + 1);
    if (names.length > limit) return { items: names.slice(0, limit).map(folderItem), nextCursor: next({ p: 'd', n: names[limit - 1]! }) };
    items.push(...names.map(folderItem));
  }
  const room = limit - items.length;
  const rows = await files(db, bucketId, prefix, start, column, desc, cursor?.p === 'f' ? cursor : null, room + 1);
  if (room === 0) return { items, nextCursor: rows.length ? next({ p: 'f' }) : null };
  const shown = rows.slice(0, room);
  for (const r of shown) {
    items.push({
      name: r.name.slice(prefix.length),
      id: r.id,
      metadata: r.metadata,
      created_at: time(r.created_at),
      updated_at: time(r.updated_at),
      last_accessed_at: time(r.last_accessed_at),
    });
  }
  const last = shown.at(-1);
  return { items, nextCursor: rows.length > room && last ? next({ p: 'f', k: last.sort_key, n: last.name }) : null };
}
