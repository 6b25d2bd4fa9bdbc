import { SqlTitleRequestSchema, SqlTitleSchema } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { titleFromSql } from './sql-title';

/** POST /ai/sql/title: a title and description for a SQL text, for signed-in users. */
export const sqlTitleRoutes: RouteModule = (fastify, deps) => {
  fastify.withTypeProvider<ZodTypeProvider>().post('/ai/sql/title', { schema: { body: SqlTitleRequestSchema, response: { 200: SqlTitleSchema } } }, async (req) => {
    await deps.requireUser(req);
    return titleFromSql(req.body.sql);
  });
};
