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
