import { WEBHOOK_MAX_ATTEMPTS } from '@plinth/contracts-database';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { allowedHosts, checkUrl, RefusedAddressError } from './address-guard';

// Sends the queued requests of every running project database (schema.ts): each tick takes up to
// BATCH due requests per database (`for update skip locked`, marked 'sending' in the same
// statement), sends them all at once with fetch and AbortSignal.timeout, and records one
// net._http_response row per attempt. A 2xx or 3xx answer is delivered; anything else is tried
// again after 1 s, then 4 s, up to WEBHOOK_MAX_ATTEMPTS. A slow endpoint holds only its own
// request: the next tick does not wait for it (a database is visited again once its batch is done).
// Redirects are not followed (a public URL cannot lead the worker to a private one).
// A request marked 'sending' holds a lease until its time-out plus LEASE_MARGIN_MS: one still
// 'sending' past it was being sent by a platform that stopped (a crash, a killed process). Its
// attempt is written in the log as interrupted, and it is queued again, or failed when that was
// its last attempt, so nothing stays 'sending' for ever.

const BATCH = 20;
/** The worker's visits are upkeep: they never keep an otherwise idle database open. */
const UPKEEP = { background: true } as const;
/** Bytes of an answer's body kept in the log. */
export const RESPONSE_EXCERPT_BYTES = 2048;
const backoffMs = (attempt: number) => 1000 * 4 ** (attempt - 1);
/** How long past its own time-out a request marked 'sending' is taken to be still on its way. */
export const LEASE_MARGIN_MS = 60_000;
/** The log's words for an attempt the platform stopped in the middle of. */
export const INTERRUPTED_ATTEMPT = 'Interrupted: the platform stopped while this request was being sent';

interface Queued {
  id: string;
  hook_id: string | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeout_milliseconds: number;
  attempts: number;
}

export interface WebhookWorkerOptions {
  refs: () => string[];
  database: (ref: string) => Promise<ProjectDatabase>;
  intervalMs: number;
  warn: (message: string, err: unknown) => void;
}

export class WebhookWorker {
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly busy = new Map<string, Promise<void>>();

  constructor(private readonly o: WebhookWorkerOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.busy.values()]);
  }

  /** Visits every running database not already being worked on. */
  tick(): void {
    for (const ref of this.o.refs()) {
      if (this.busy.has(ref)) continue;
      const run: Promise<void> = this.runOnce(ref)
        .then(() => undefined)
        .catch((err: unknown) => this.o.warn(`webhooks of ${ref} not sent`, err))
        .finally(() => this.busy.delete(ref));
      this.busy.set(ref, run);
    }
  }

  /** Takes and sends one batch of the project's due requests; answers how many were taken. */
  async runOnce(ref: string): Promise<number> {
    const db = await this.o.database(ref);
    await this.releaseStale(db);
    const taken = await db.query<Queued>(
      `update net.http_request_queue q set status = 'sending', attempts = q.attempts + 1,
          next_attempt_at = now() + ((q.timeout_milliseconds + ${LEASE_MARGIN_MS})::text || ' milliseconds')::interval
        where q.id in (select id from net.http_request_queue where status = 'queued' and next_attempt_at <= now() order by id limit ${BATCH} for update skip locked)
        returning q.id::text, q.hook_id::text, q.method, q.url, q.headers, q.body, q.timeout_milliseconds, q.attempts`,
      [],
      UPKEEP,
    ).catch((err: unknown) => {
      // A database made before webhooks existed (or without the schema) has nothing to send.
      if ((err as { code?: string }).code === '42P01' || (err as { code?: string }).code === '3F000') return { rows: [] as Queued[] };
      throw err;
    });
    const allowed = allowedHosts();
    await Promise.allSettled(taken.rows.map((r) => this.send(db, r, allowed)));
    return taken.rows.length;
  }

  /** Requests whose 'sending' lease ran out: their attempt is logged as interrupted, and they are queued again or failed. */
  private async releaseStale(db: ProjectDatabase): Promise<void> {
    await db
      .query(
        `with stale as (
           update net.http_request_queue set status = case when attempts >= ${WEBHOOK_MAX_ATTEMPTS} then 'failed' else 'queued' end, next_attempt_at = now()
            where status = 'sending' and next_attempt_at <= now()
            returning id, hook_id, attempts)
         insert into net._http_response (request_id, hook_id, attempt, error_msg) select id, hook_id, attempts, $1 from stale`,
        [INTERRUPTED_ATTEMPT],
        UPKEEP,
      )
      .catch((err: unknown) => {
        const code = (err as { code?: string }).code;
        if (code !== '42P01' && code !== '3F000') throw err;
      });
  }

  private async send(db: ProjectDatabase, r: Queued, allowed: Set<string>): Promise<void> {
    const started = Date.now();
    let status: number | null = null;
    let headers: Record<string, string> | null = null;
    let content: string | null = null;
    let error: string | null = null;
    let retry = true;
    try {
      const url = await checkUrl(r.url, allowed);
      const res = await fetch(url, {
        method: r.method,
        headers: r.headers,
        body: r.method === 'GET' || r.method === 'HEAD' ? undefined : (r.body ?? undefined),
        redirect: 'manual',
        signal: AbortSignal.timeout(r.timeout_milliseconds),
      });
      status = res.status;
      headers = Object.fromEntries(res.headers.entries());
      content = await readExcerpt(res);
      if (status >= 400) error = `The endpoint answered ${status}`;
    } catch (err) {
      if (err instanceof RefusedAddressError) retry = false;
      error = err instanceof Error && err.name === 'TimeoutError' ? `No answer within ${r.timeout_milliseconds} ms` : err instanceof Error ? err.message : String(err);
    }
    const duration = Date.now() - started;
    const done = error === null;
    const last = !retry || r.attempts >= WEBHOOK_MAX_ATTEMPTS;
    await db.query(
      `with a as (insert into net._http_response (request_id, hook_id, attempt, status_code, headers, content, error_msg, duration_ms)
         values ($1::bigint, $2::bigint, $3, $4, $5::jsonb, $6, $7, $8))
       update net.http_request_queue set status = $9, next_attempt_at = now() + ($10::text || ' milliseconds')::interval where id = $1::bigint`,
      [r.id, r.hook_id, r.attempts, status, headers ? JSON.stringify(headers) : null, content, error, duration, done ? 'done' : last ? 'failed' : 'queued', String(backoffMs(r.attempts))],
      UPKEEP,
    );
  }
}

/** The first RESPONSE_EXCERPT_BYTES of a body; the rest is not read. */
async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let n = 0;
  while (n < RESPONSE_EXCERPT_BYTES) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    n += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(parts).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replace(/\u0000/g, '');
}
