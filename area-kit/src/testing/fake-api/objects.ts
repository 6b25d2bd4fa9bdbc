import { MessageAnswerSchema, SignedUrlSchema, STORAGE_API_MESSAGES, StorageFolderAnswerSchema, StorageObjectPageSchema, StorageObjectSchema, type createStorageClient, type StorageObject } from '@plinth/contracts-storage';
import { answer, answerEach, refuse, type Handlers } from './fake-client';

type StorageClient = ReturnType<typeof createStorageClient>;

/** A stored object: its full name in the bucket, its bytes as text, metadata null while uploading. */
export interface FakeObject {
  id: string;
  name: string;
  body: string;
  mimetype: string;
  created_at: string;
  updated_at: string;
  uploading?: boolean;
}

export interface ObjectsState {
  /** Objects per bucket id. */
  files: Record<string, FakeObject[]>;
}

let ids = 0;

/** A blob's text, also where the DOM's Blob lacks text() (jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
const NOW = '2026-01-01T00:00:00.000Z';

/** An object for a seed: `storedObject('docs/a.txt', { body: 'hello' })`. */
export function storedObject(name: string, over: Partial<FakeObject> = {}): FakeObject {
  ids += 1;
  return { id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`, name, body: '', mimetype: 'text/plain', created_at: NOW, updated_at: NOW, ...over };
}

const asEntry = (o: FakeObject, name: string): StorageObject => ({
  name,
  id: o.id,
  metadata: o.uploading ? null : { size: new TextEncoder().encode(o.body).length, mimetype: o.mimetype },
  created_at: o.created_at,
  updated_at: o.updated_at,
  last_accessed_at: o.updated_at,
});

/** The explorer's object calls over `state.files`: folder pages (cursor = next index), moves, deletes, uploads, URLs. */
export function objectHandlers(state: ObjectsState): Handlers<StorageClient> {
  const files = (bucket: string) => (state.files[bucket] ??= []);
  const under = (folder: string) => (folder ? `${folder.replace(/\/+$/, '')}/` : '');
  const find = (bucket: string, path: string) => files(bucket).find((o) => o.name === path) ?? refuse(404, STORAGE_API_MESSAGES.objectNotFound(path));
  const listing = (bucket: string, path: string, search: string, desc: boolean) => {
    const prefix = under(path);
    const folders = new Set<string>();
    const entries: StorageObject[] = [];
    for (const o of files(bucket)) {
      if (!o.name.startsWith(prefix)) continue;
      const rest = o.name.slice(prefix.length);
      if (!rest.startsWith(search)) continue;
      if (rest.includes('/')) folders.add(rest.split('/')[0]!);
      else entries.push(asEntry(o, rest));
    }
    const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) * (desc ? -1 : 1);
    const dirs = [...folders].sort(byName).map((name) => ({ name, id: null, metadata: null, created_at: null, updated_at: null, last_accessed_at: null }));
    return [...dirs, ...entries.sort((a, b) => byName(a.name, b.name))];
  };
  return {
    listObjectsPage: (_ref, bucket, body) => {
      const all = listing(bucket, body.path ?? '', body.search ?? '', body.sortBy?.order === 'desc');
      const start = Number(body.cursor ?? 0);
      const limit = body.limit ?? 200;
      const items = all.slice(start, start + limit);
      return answer(StorageObjectPageSchema, { items, nextCursor: start + limit < all.length ? String(start + limit) : null });
    },
    uploadObject: async (_ref, bucket, path, data, options = {}) => {
      const text = data instanceof Blob ? await blobText(data) : new TextDecoder().decode(data as ArrayBuffer);
      const existing = files(bucket).find((o) => o.name === path);
      if (existing && !options.upsert) refuse(409, STORAGE_API_MESSAGES.objectExists(path), 'CONFLICT');
      const created = storedObject(path, { body: text, mimetype: options.contentType ?? 'application/octet-stream' });
      state.files[bucket] = [...files(bucket).filter((o) => o.name !== path), created];
      return answer(StorageObjectSchema, asEntry(created, path));
    },
    downloadObject: (_ref, bucket, path) => new Blob([find(bucket, path).body], { type: find(bucket, path).mimetype }),
    moveObject: (_ref, bucket, from, to) => {
      const o = find(bucket, from);
      if (files(bucket).some((x) => x.name === to)) refuse(409, STORAGE_API_MESSAGES.objectExists(to), 'CONFLICT');
      o.name = to;
      return answer(MessageAnswerSchema, { message: `Moved ${from} to ${to}` });
    },
    moveFolder: (_ref, bucket, from, to) => {
      const moving = files(bucket).filter((o) => o.name.startsWith(`${from}/`));
      if (!moving.length) refuse(404, STORAGE_API_MESSAGES.folderNotFound(from));
      const clash = moving.map((o) => to + o.name.slice(from.length)).find((n) => files(bucket).some((x) => x.name === n));
      if (clash) refuse(409, STORAGE_API_MESSAGES.objectExists(clash), 'CONFLICT');
      for (const o of moving) o.name = to + o.name.slice(from.length);
      return answer(StorageFolderAnswerSchema, { message: `Moved ${from} to ${to}`, count: moving.length });
    },
    deleteFolder: (_ref, bucket, path) => {
      const before = files(bucket).length;
      state.files[bucket] = files(bucket).filter((o) => !o.name.startsWith(`${path}/`));
      const count = before - files(bucket).length;
      if (!count) refuse(404, STORAGE_API_MESSAGES.folderNotFound(path));
      return answer(StorageFolderAnswerSchema, { message: `Deleted ${path}`, count });
    },
    deleteObjects: (_ref, bucket, paths) => {
      const gone = files(bucket).filter((o) => paths.includes(o.name));
      state.files[bucket] = files(bucket).filter((o) => !paths.includes(o.name));
      return answerEach(StorageObjectSchema, gone.map((o) => asEntry(o, o.name)));
    },
    getPublicUrl: (ref, bucket, path) => ({ publicUrl: `http://localhost:3001/${ref}/storage/v1/object/public/${bucket}/${path}` }),
    signUrl: (ref, bucket, path, expiresIn) => answer(SignedUrlSchema, { signedUrl: `http://localhost:3001/${ref}/storage/v1/object/sign/${bucket}/${path}?token=fake-${expiresIn}` }),
  };
}
