import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ProjectRefSchema } from '@plinth/shared-contracts';

const HAS_REF = /(^|\/):ref(\/|$)/;

/**
 * onRoute hook: every route with a `:ref` in its path validates it with the contracts' project-ref
 * schema, so a bad ref is the same 400 naming `ref` everywhere. A params schema that checks `ref`
 * its own way gets the contracts' schema in its place; a route with a `:ref` and no params schema
 * stops the server from being built.
 */
export function requireContractRef(route: RouteOptions): void {
  if (!HAS_REF.test(route.url)) return;
  const schema = (route.schema ?? {}) as { params?: { shape?: Record<string, z.core.$ZodType> } };
  const shape = schema.params?.shape;
  if (!shape) throw new Error(`${[route.method].flat().join(',')} ${route.url}: describe :ref with a params schema (domains/common/http.ts RefParamsSchema)`);
  if ((shape.ref as unknown) === ProjectRefSchema) return;
  route.schema = { ...route.schema, params: z.object({ ...shape, ref: ProjectRefSchema }) };
}
