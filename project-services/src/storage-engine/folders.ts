import { OBJECT_NAME_MAX_BYTES, STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import { HttpError, type ObjectStore, type ProjectDatabase } from '@plinth/platform-core/deps';
import { likeEscape } from '@plinth/platform-core/common/sql';

// A folder is the '/' prefix its objects' names share. Moving, renaming and deleting one is one
// statement over that prefix inside a transaction: every object goes, or none does. The bytes sit
// under the rows' ids, so a move touches no bytes; a delete removes them after the commit.

type Db = Pick<ProjectDatabase, 'query' | 'transaction'>;

const BYTES_BATCH = 1000;
const under = (folder: string) => `${likeEscape(`${folder}/`)}%`;

/** Moves (or renames) a folder with everything below it; answers how many objects moved. */
export async function moveFolder(db: Db, bucketId: string, from: string, to: string): Promise<number> {
  if (from === to) return 0;
  if (to.startsWith(`${from}/`)) throw new HttpError(400, STORAGE_API_MESSAGES.folderIntoItself(from), 'INVALID_DESTINATION', 'to');
  const cut = Array.from(from).length + 1;
  return db.transaction(async (tx) => {
    // Objects already at a destination path (not themselves moving) would be overwritten: refuse.
    const clash = await tx.query<{ name: string }>(
      `select t.name from storage.objects s join storage.objects t on t.bucket_id = s.bucket_id and t.name = $3 || substr(s.name, $4::int)
       where s.bucket_id = $1 and s.name like $2 escape '\\' limit 1`,
      [bucketId, under(from), to, cut],
    );
    if (clash.rows[0]) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(clash.rows[0].name), 'CONFLICT');
    const long = await tx.query<{ n: number }>(
      `select max(octet_length($3 || substr(name, $4::int)))::int as n from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
      [bucketId, under(from), to, cut],
    );
    if ((long.rows[0]?.n ?? 0) > OBJECT_NAME_MAX_BYTES) throw new HttpError(400, STORAGE_API_MESSAGES.folderNameTooLong, 'NAME_TOO_LONG', 'to');
    const moved = await tx.query(
      `update storage.objects set name = $3 || substr(name, $4::int), updated_at = now() where bucket_id = $1 and name like $2 escape '\\'`,
      [bucketId, under(from), to, cut],
    );
    if (!moved.affectedRows) throw new HttpError(404, STORAGE_API_MESSAGES.folderNotFound(from), 'NOT_FOUND');
    return moved.affectedRows;
  });
}

/** Deletes a folder with everything below it (rows in one transaction, then their bytes); answers how many objects went. */
export async function deleteFolder(db: Db, objects: ObjectStore, ref: string, bucketId: string, folder: string): Promise<number> {
  const ids = await db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(`delete from storage.objects where bucket_id = $1 and name like $2 escape '\\' returning id::text as id`, [bucketId, under(folder)]);
    return r.rows.map((row) => row.id);
  });
  if (!ids.length) throw new HttpError(404, STORAGE_API_MESSAGES.folderNotFound(folder), 'NOT_FOUND');
  for (let i = 0; i < ids.length; i += BYTES_BATCH) await objects.delete(ref, ids.slice(i, i + BYTES_BATCH));
  return ids.length;
}
