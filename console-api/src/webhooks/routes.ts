import { PERMISSIONS } from '@plinth/shared-contracts';
import {
  WebhookCreateSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryQuerySchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookUpdateSchema,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
} from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type ProjectDatabase, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { WebhookWorker } from './worker';
import './schema';

// Database → Webhooks (issue 24): GET/POST /platform/database/{ref}/hooks, PUT/DELETE .../{id},
// GET .../{id}/deliveries. Reading is SQL admin read; every write tenant SQL admin write (as the
// database pages' writes). A webhook is a row of net.hooks and a trigger `plinth_hook_<id>` on its
// table, made by the platform's role in one transaction.

const COLUMNS = `id::int as id, name, schema_name as schema, table_name as table, events, method, url, headers, timeout_ms,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
const triggerName = (id: number) => `plinth_hook_${id}`;
const code = (err: unknown) => (err as { code?: string } | null)?.code;

/** The webhook worker's tick: PLINTH_WEBHOOK_INTERVAL_MS, default 1 s; 0 turns it off. */
const intervalMs = () => {
  const v = process.env.PLINTH_WEBHOOK_INTERVAL_MS;
  return v === undefined || v === '' ? 1000 : Number(v);
};

type Tx = Pick<ProjectDatabase, 'query' | 'exec'>;

async function makeTrigger(tx: Tx, id: number, w: WebhookCreate): Promise<void> {
  const exists = await tx.query(
    `select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [w.schema, w.table],
  );
  if (!exists.rows.length) throw new HttpError(400, `Table ${w.schema}.${w.table} does not exist`, 'WEBHOOK_TABLE_NOT_FOUND', 'table');
  if (['net', 'pg_catalog', 'information_schema'].includes(w.schema)) throw new HttpError(400, `Webhooks on the ${w.schema} schema are not allowed`, 'WEBHOOK_SCHEMA_REFUSED', 'schema');
  const events = w.events.map((e) => e.toLowerCase()).join(' or ');
  await tx.query(`create trigger ${quote(triggerName(id))} after ${events} on ${quote(w.schema)}.${quote(w.table)} for each row execute function net._hook_trigger('${id}')`);
}

async function dropTrigger(tx: Tx, hook: { id: number; schema: string; table: string }): Promise<void> {
  await tx.query(`drop trigger if exists ${quote(triggerName(hook.id))} on ${quote(hook.schema)}.${quote(hook.table)}`).catch((err: unknown) => {
    if (code(err) !== '42P01' && code(err) !== '3F000') throw err; // the table is gone already
  });
}

async function hooksCall<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (code(err) === '23505') throw new HttpError(409, `A webhook named ${name ?? ''} already exists`, 'WEBHOOK_EXISTS', 'name');
    if (code(err) === '3F000') throw new HttpError(503, 'Webhooks are not set up on this project database yet', 'WEBHOOKS_UNAVAILABLE');
    throw err;
  }
}

async function findHook(db: Pick<ProjectDatabase, 'query'>, id: number): Promise<Webhook> {
  const r = await hooksCall(undefined, () => db.query<Webhook>(`select ${COLUMNS} from net.hooks where id = $1`, [id]));
  const row = r.rows[0];
  if (!row) throw new HttpError(404, 'Webhook not found', 'WEBHOOK_NOT_FOUND');
  return row;
}

export const webhookRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['database'];
  const base = '/platform/database/:ref/hooks';
  const { databases } = deps;
  if (databases instanceof ProjectDatabaseManager) {
    const every = intervalMs();
    const worker = new WebhookWorker({
      refs: () => databases.runningRefs(),
      database: (ref) => databases.get(ref),
      intervalMs: every,
      warn: (message, err) => fastify.log.warn({ err }, message),
    });
    if (every > 0) worker.start();
    app.addHook('onClose', async () => worker.stop());
  }
  const open = async (req: Parameters<typeof deps.requireProjectAccess>[0], ref: string, permission: string) => {
    await deps.requireProjectAccess(req, ref, permission);
    return deps.databases.get(ref);
  };

  app.get(base, { schema: { tags, params: RefParamsSchema, response: { 200: WebhookListSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const r = await hooksCall(undefined, () => db.query<Webhook>(`select ${COLUMNS} from net.hooks order by name`));
    return { webhooks: r.rows };
  });

  app.post(base, { schema: { tags, params: RefParamsSchema, body: WebhookCreateSchema, response: { 200: WebhookSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const w = req.body;
    const id = await hooksCall(w.name, () =>
      db.transaction(async (tx) => {
        const made = await tx.query<{ id: number }>(
          `insert into net.hooks (name, schema_name, table_name, events, method, url, headers, timeout_ms) values ($1, $2, $3, $4::text[], $5, $6, $7::jsonb, $8) returning id::int as id`,
          [w.name, w.schema, w.table, w.events, w.method, w.url, JSON.stringify(w.headers), w.timeout_ms],
        );
        const madeId = made.rows[0]!.id;
        await makeTrigger(tx, madeId, w);
        return madeId;
      }),
    );
    return findHook(db, id);
  });

  app.put(`${base}/:id`, { schema: { tags, params: WebhookIdParamsSchema, body: WebhookUpdateSchema, response: { 200: WebhookSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const w = req.body;
    const id = req.params.id;
    await hooksCall(w.name, () =>
      db.transaction(async (tx) => {
        const old = await findHook(tx, id);
        await dropTrigger(tx, old);
        await tx.query(
          `update net.hooks set name = $2, schema_name = $3, table_name = $4, events = $5::text[], method = $6, url = $7, headers = $8::jsonb, timeout_ms = $9, updated_at = now() where id = $1`,
          [id, w.name, w.schema, w.table, w.events, w.method, w.url, JSON.stringify(w.headers), w.timeout_ms],
        );
        await makeTrigger(tx, id, w);
      }),
    );
    return findHook(db, id);
  });

  app.delete(`${base}/:id`, { schema: { tags, params: WebhookIdParamsSchema } }, async (req, reply) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    await hooksCall(undefined, () =>
      db.transaction(async (tx) => {
        const old = await findHook(tx, req.params.id);
        await dropTrigger(tx, old);
        await tx.query('delete from net.hooks where id = $1', [req.params.id]);
      }),
    );
    return reply.code(204).send();
  });

  app.get(`${base}/:id/deliveries`, { schema: { tags, params: WebhookIdParamsSchema, querystring: WebhookDeliveryQuerySchema, response: { 200: WebhookDeliveryListSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    await findHook(db, req.params.id);
    const limit = req.query.limit ?? 50;
    const offset = req.query.offset ?? 0;
    const r = await db.query<WebhookDelivery>(
      `select id::int as id, request_id::int as request_id, attempt, status_code, error_msg as error, duration_ms, content,
         to_char(created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from net._http_response where hook_id = $1 order by id desc limit $2 offset $3`,
      [req.params.id, limit + 1, offset],
    );
    return { deliveries: r.rows.slice(0, limit), hasMore: r.rows.length > limit };
  });
};
