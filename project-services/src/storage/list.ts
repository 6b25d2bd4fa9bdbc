import type { StorageObject, StorageSortKey, StorageSortOrder } from '@plinth/contracts-storage';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { listFolderPage } from '../storage-engine/list-page';

// storage-js's list() asks for limit/offset pages; they are cut from the keyset listing the console
// uses (folders first, then files by the sort key and name), walked from the start by cursor, so an
// offset page is exactly entries offset..offset+limit of that order and a folder is never read whole
// per page. An offset costs reading the entries before it, 1,000 a query.

const STEP = 1000;

export interface OffsetListOptions {
  path: string;
  search: string;
  limit: number;
  offset: number;
  sortBy: { column: StorageSortKey; order: StorageSortOrder };
}

export async function listByOffset(db: Pick<ProjectDatabase, 'query'>, bucketId: string, o: OffsetListOptions): Promise<StorageObject[]> {
  const out: StorageObject[] = [];
  let skip = o.offset;
  let cursor: string | undefined;
  while (out.length < o.limit) {
    const limit = Math.min(STEP, skip > 0 ? skip : o.limit - out.length);
    const page = await listFolderPage(db, bucketId, { path: o.path, search: o.search, sortBy: o.sortBy, limit, cursor });
    if (skip > 0) skip -= page.items.length;
    else out.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return out;
}

// storage-js's listV2(): POST /object/list-v2/{bucket}. Every name that starts with `prefix` (a plain
// string, not a folder), in name order ("C" collation), `limit` at a time from an opaque cursor (the
// last key answered). with_delimiter folds the names that go on past a '/' after the prefix into
// one folder entry each (its key ends with '/'), listed apart from the objects; a page that ends on
// a folder goes on after every name under it. Run as the caller: the SELECT policies decide.
// listV2ByDate (below) orders the same entries by a date instead.

export interface ListV2Options {
  prefix: string;
  limit: number;
  cursor?: string;
  withDelimiter: boolean;
  order: 'asc' | 'desc';
}

/** The columns list-v2 orders by: names, or one of the two dates with the name breaking ties. */
export const LIST_V2_SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const;
export type ListV2SortColumn = (typeof LIST_V2_SORT_COLUMNS)[number];

export interface ListV2Page {
  hasNext: boolean;
  nextCursor?: string;
  folders: { name: string; key: string }[];
  objects: { name: string; key: string; id: string; metadata: Record<string, unknown> | null; created_at: string | null; updated_at: string | null; last_accessed_at: string | null }[];
}

export const encodeListCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
export function decodeListCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(cursor)) return null;
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  return encodeListCursor(key) === cursor ? key : null;
}

/** Where a page ordered by a date ended: the last entry's date (to the microsecond, as the database wrote it) and key. */
export interface ListV2DateCursor {
  at: string;
  key: string;
}

const DATE_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// A date cursor starts with a NUL, which no object name holds (Postgres text cannot): never taken for a name cursor.
export const encodeDateCursor = (c: ListV2DateCursor) => encodeListCursor(`\u0000${JSON.stringify([c.at, c.key])}`);
export function decodeDateCursor(cursor: string): ListV2DateCursor | null {
  const text = decodeListCursor(cursor);
  if (text === null || !text.startsWith('\u0000')) return null;
  try {
    const value: unknown = JSON.parse(text.slice(1));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, key] = value as unknown[];
    return typeof at === 'string' && DATE_CURSOR.test(at) && typeof key === 'string' ? { at, key } : null;
  } catch {
    return null;
  }
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listV2(db: Pick<ProjectDatabase, 'query'>, bucketId: string, o: ListV2Options, after: string | null): Promise<ListV2Page> {
  // After a folder key ('a/b/'), the next page starts past every name under it: in "C" order those
  // are all below 'a/b0' ('0' follows '/'), and all above 'a/b/'.
  const asc = o.order === 'asc';
  let bound = '';
  const params: unknown[] = [bucketId, o.prefix.length, likePrefix(o.prefix), o.limit + 1, o.withDelimiter];
  if (after !== null) {
    params.push(asc && after.endsWith('/') ? `${after.slice(0, -1)}0` : after);
    bound = asc ? (after.endsWith('/') ? 'and name collate "C" >= $6' : 'and name collate "C" > $6') : 'and name collate "C" < $6';
  }
  const dir = asc ? 'asc' : 'desc';
  const r = await db.query<ListV2Row>(
    `with matched as (
       select name, id, metadata, created_at, updated_at, last_accessed_at,
              case when $5::boolean then strpos(substr(name, $2::int + 1), '/') else 0 end as slash
       from storage.objects
       where bucket_id = $1 and name like $3 escape '\\' and metadata is not null ${bound}
     ), keyed as (
       select case when slash > 0 then substr(name, 1, $2::int + slash) else name end as key, slash > 0 as is_folder,
              id, metadata, created_at, updated_at, last_accessed_at
       from matched
     )
     select distinct on (key collate "C") key, is_folder,
            case when is_folder then null else id::text end as id,
            case when is_folder then null else metadata end as metadata,
            created_at, updated_at, last_accessed_at
     from keyed
     order by key collate "C" ${dir}, is_folder desc
     limit $4`,
    params,
  );
  return pageOf(r.rows, o.limit, (last) => encodeListCursor(last.key));
}

interface ListV2Row {
  key: string;
  is_folder: boolean;
  id: string | null;
  metadata: Record<string, unknown> | null;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
}

/** A page of list-v2 from `limit` + 1 rows (the one more says there is a next page), folders apart from objects. */
function pageOf<R extends ListV2Row>(fetched: R[], limit: number, cursorOf: (last: R) => string): ListV2Page {
  const rows = fetched.slice(0, limit);
  const page: ListV2Page = { hasNext: fetched.length > limit, folders: [], objects: [] };
  for (const row of rows) {
    if (row.is_folder) page.folders.push({ name: row.key, key: row.key });
    else page.objects.push({ name: row.key, key: row.key, id: row.id!, metadata: row.metadata, created_at: iso(row.created_at), updated_at: iso(row.updated_at), last_accessed_at: iso(row.last_accessed_at) });
  }
  const last = rows[rows.length - 1];
  if (page.hasNext && last) page.nextCursor = cursorOf(last);
  return page;
}

/**
 * list-v2 ordered by created_at or updated_at, the name breaking ties. A folder (with_delimiter)
 * takes the date of the newest object under it, so "newest first" puts the folder that changed last
 * at the top. The cursor carries the last entry's date to the microsecond and its key. Every name
 * under the prefix is read to date its folders: a listing, not a scan of the bucket.
 */
export async function listV2ByDate(
  db: Pick<ProjectDatabase, 'query'>,
  bucketId: string,
  o: ListV2Options & { column: 'created_at' | 'updated_at' },
  after: ListV2DateCursor | null,
): Promise<ListV2Page> {
  const dir = o.order === 'asc' ? 'asc' : 'desc';
  const params: unknown[] = [bucketId, o.prefix.length, likePrefix(o.prefix), o.limit + 1, o.withDelimiter];
  let bound = '';
  if (after) {
    params.push(after.at, after.key);
    bound = `where (sort_at, key collate "C") ${dir === 'asc' ? '>' : '<'} ($6::timestamptz, $7::text collate "C")`;
  }
  const column = o.column === 'created_at' ? 'created_at' : 'updated_at';
  const r = await db.query<ListV2Row & { at: string }>(
    `with matched as (
       select name, id, metadata, created_at, updated_at, last_accessed_at, coalesce(${column}, 'epoch'::timestamptz) as dated,
              case when $5::boolean then strpos(substr(name, $2::int + 1), '/') else 0 end as slash
       from storage.objects
       where bucket_id = $1 and name like $3 escape '\\' and metadata is not null
     ), keyed as (
       select case when slash > 0 then substr(name, 1, $2::int + slash) else name end as key, slash > 0 as is_folder,
              id, metadata, created_at, updated_at, last_accessed_at, dated
       from matched
     ), grouped as (
       select key, is_folder, max(dated) as sort_at, min(id::text) as id, (array_agg(metadata))[1] as metadata,
              max(created_at) as created_at, max(updated_at) as updated_at, max(last_accessed_at) as last_accessed_at
       from keyed
       group by key, is_folder
     ), entries as (
       select distinct on (key collate "C") * from grouped order by key collate "C", is_folder desc
     )
     select key, is_folder,
            case when is_folder then null else id end as id,
            case when is_folder then null else metadata end as metadata,
            created_at, updated_at, last_accessed_at,
            to_char(sort_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
     from entries
     ${bound}
     order by sort_at ${dir}, key collate "C" ${dir}
     limit $4`,
    params,
  );
  return pageOf(r.rows, o.limit, (last) => encodeDateCursor({ at: last.at, key: last.key }));
}
