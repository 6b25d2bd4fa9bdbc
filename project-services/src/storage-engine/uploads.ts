import type { FastifyInstance } from 'fastify';
import type { ApiDeps, ObjectStore, ProjectDatabase } from '@plinth/platform-core/deps';

// Uploads in progress and the roll-back of unfinished ones. An upload claims its row first
// (metadata null: the explorer shows it as loading), writes the bytes, then fills the metadata.
// A process killed in between leaves the row and a temporary file behind; both are rolled back:
// - when a project's storage is first opened in this process (nothing of it is being uploaded yet),
// - every minute, for rows older than a grace period that no upload of this process is writing,
// and temporary files: all of them at start, and those no write of this process owns on schedule.

/** Rows younger than this are never rolled back on schedule (a claim is tracked right after its insert). */
export const UNFINISHED_UPLOAD_GRACE_MS = 60_000;
export const UPLOAD_SWEEP_INTERVAL_MS = 60_000;

interface UploadState {
  /** `<ref>/<object id>` of every upload this process is writing. */
  writing: Set<string>;
  /** Projects with uploads since the last sweep. */
  touched: Set<string>;
}

const states = new WeakMap<ObjectStore, UploadState>();

function stateOf(objects: ObjectStore): UploadState {
  let s = states.get(objects);
  if (!s) {
    s = { writing: new Set(), touched: new Set() };
    states.set(objects, s);
  }
  return s;
}

/**
 * Marks an upload of (ref, id) as running in this process; answers false when one already is.
 * Synchronous, so two requests can never both take the same row.
 */
export function beginUpload(objects: ObjectStore, ref: string, id: string): boolean {
  const s = stateOf(objects);
  const key = `${ref}/${id}`;
  if (s.writing.has(key)) return false;
  s.writing.add(key);
  s.touched.add(ref);
  return true;
}

export function endUpload(objects: ObjectStore, ref: string, id: string): void {
  stateOf(objects).writing.delete(`${ref}/${id}`);
}

/**
 * Deletes rows of unfinished uploads (metadata null) that no upload of this process is writing
 * and that are at least `graceMs` old, with any bytes under their ids; answers how many.
 */
export async function rollBackUnfinishedUploads(db: Pick<ProjectDatabase, 'query'>, objects: ObjectStore, ref: string, graceMs: number): Promise<number> {
  const writing = [...stateOf(objects).writing].filter((k) => k.startsWith(`${ref}/`)).map((k) => k.slice(ref.length + 1));
  const r = await db.query<{ id: string }>(
    `delete from storage.objects
     where metadata is null and created_at <= now() - make_interval(secs => $1::double precision / 1000)
       and not (id::text = any($2::text[]))
     returning id::text as id`,
    [graceMs, writing],
  );
  const ids = r.rows.map((row) => row.id);
  if (ids.length) await objects.delete(ref, ids);
  return ids.length;
}

/**
 * At start (before serving) every temporary file is an orphan; then every minute, unfinished
 * uploads of projects that had uploads are rolled back. The timer never keeps the process alive
 * and stops when the server closes.
 */
export function scheduleUploadRecovery(app: FastifyInstance, deps: Pick<ApiDeps, 'databases' | 'objects'>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    const s = stateOf(deps.objects);
    const refs = [...s.touched];
    s.touched.clear();
    for (const ref of refs) {
      try {
        const db = await deps.databases.get(ref);
        await rollBackUnfinishedUploads(db, deps.objects, ref, UNFINISHED_UPLOAD_GRACE_MS);
        if ([...s.writing].some((k) => k.startsWith(`${ref}/`))) s.touched.add(ref);
      } catch (err) {
        s.touched.add(ref);
        app.log.warn({ err, ref }, 'could not roll back unfinished uploads');
      }
    }
    await deps.objects.sweepTemporary(UNFINISHED_UPLOAD_GRACE_MS);
  };
  app.addHook('onReady', async () => {
    const removed = await deps.objects.sweepTemporary(0);
    if (removed) app.log.info({ removed }, 'removed temporary files of unfinished uploads');
    timer = setInterval(() => {
      running ??= sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed'))
        .finally(() => (running = undefined));
    }, UPLOAD_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
