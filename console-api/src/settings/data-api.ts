import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { HIDDEN_SCHEMAS } from '@plinth/contracts-database';
import { DataApiSettingsSchema, DataApiSettingsUpdateSchema, schemaList } from '@plinth/contracts-settings';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';

/** Schemas the data API never exposes nor searches: the platform's own and the system's. */
const refused = (schema: string) => (HIDDEN_SCHEMAS as readonly string[]).includes(schema) || schema.startsWith('pg_') || schema === 'information_schema';

/**
 * Project Settings → API, the data API's settings: exposed schemas, extra search path, max rows,
 * and the aggregates, transaction-end and plan switches. Read through the project services' own view of them (what the data API applies), written
 * to the control database (project_rest_settings) and the services told to read them afresh, so
 * the next request of an app is answered with them.
 */
export const dataApiSettingsRoutes: RouteModule = (app, deps) => {
  const { access } = deps.services;
  const { rest, records } = deps.services.projectServices;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  const read = async (ref: string) => {
    const s = await rest.settings(ref);
    if (!s) throw new HttpError(404, `Project ${ref} not found`, 'NOT_FOUND');
    return { db_schema: s.schemas.join(', '), db_extra_search_path: s.extraSearchPath.join(', '), max_rows: s.maxRows, db_aggregates_enabled: s.aggregatesEnabled, db_tx_end: s.txEnd, db_plan_enabled: s.planEnabled };
  };

  r.get('/platform/projects/:ref/settings/api', { schema: { tags, params: RefParamsSchema, response: { 200: DataApiSettingsSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    return read(req.params.ref);
  });

  r.patch('/platform/projects/:ref/settings/api', { schema: { tags, params: RefParamsSchema, body: DataApiSettingsUpdateSchema, response: { 200: DataApiSettingsSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'change the API settings');
    const schemas = [...new Set(schemaList(req.body.db_schema))];
    const extra = [...new Set(schemaList(req.body.db_extra_search_path))];
    const hidden = [...schemas, ...extra].filter(refused);
    if (hidden.length) throw new HttpError(400, `These schemas are the platform's or the system's and cannot be exposed or searched by the data API: ${[...new Set(hidden)].join(', ')}`, 'SCHEMA_NOT_ALLOWED');
    const done = await deps.control.query(
      `insert into project_rest_settings (project_ref, exposed_schemas, max_rows, extra_search_path, aggregates_enabled, tx_end, plan_enabled)
       select ref, $2, $3, $4, coalesce($5::boolean, false), coalesce($6::text, 'commit'), coalesce($7::boolean, false) from projects where ref = $1
       on conflict (project_ref) do update set exposed_schemas = excluded.exposed_schemas, max_rows = excluded.max_rows, extra_search_path = excluded.extra_search_path,
         aggregates_enabled = coalesce($5::boolean, project_rest_settings.aggregates_enabled), tx_end = coalesce($6::text, project_rest_settings.tx_end),
         plan_enabled = coalesce($7::boolean, project_rest_settings.plan_enabled), updated_at = now()`,
      [req.params.ref, schemas, req.body.max_rows, extra, req.body.db_aggregates_enabled ?? null, req.body.db_tx_end ?? null, req.body.db_plan_enabled ?? null],
    );
    if (!done.affectedRows) throw new HttpError(404, `Project ${req.params.ref} not found`, 'NOT_FOUND');
    records.forget(req.params.ref);
    return read(req.params.ref);
  });
};
