/**
 * Every route the built servers register (the console's API and the project services apps call),
 * with its request schemas as JSON Schema and the server that answers it.
 * The fuzz test wraps the `fastify` factory (vi.mock) so an onRoute hook sees each route as it is
 * registered, with the zod schemas it was given; nothing in the server knows about the fuzz.
 */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { JsonSchema } from './schema-arbitrary';

export interface FuzzRoute {
  method: string;
  /** As registered, e.g. /api/platform/storage/:ref/buckets/:id or /:ref/rest/v1/*; `*` is a wildcard tail. */
  url: string;
  /** The Fastify instance (made through the wrapped factory) whose route this is: the console's or the project services'. */
  server: unknown;
  params: JsonSchema | null;
  querystring: JsonSchema | null;
  body: JsonSchema | null;
  /** Path parameters named in the url (`:name`, and `*`). */
  pathParams: string[];
  /** The zod schemas as registered, to tell a well-formed value from one that is not. */
  zod: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The routes seen by every Fastify instance made through the wrapped factory. */
export const registeredRoutes: RouteOptions[] = [];
/** The instance (as the factory answered it) each recorded route was registered on. */
export const serverOfRoute = new WeakMap<RouteOptions, unknown>();

/** Wraps the `fastify` module so each instance records its routes into registeredRoutes. */
export function withRouteRecorder<M extends { default: (...args: never[]) => unknown }>(mod: M): M {
  const factory = (...args: never[]) => {
    const app = mod.default(...args) as { addHook(name: 'onRoute', hook: (r: RouteOptions) => void): void };
    app.addHook('onRoute', (r) => {
      registeredRoutes.push(r);
      serverOfRoute.set(r, app);
    });
    return app;
  };
  return { ...mod, default: factory };
}

function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The routes to fuzz: one entry per method and url (HEAD twins of GET routes are left out). */
export function fuzzCatalog(routes: RouteOptions[] = registeredRoutes): FuzzRoute[] {
  const seen = new Map<string, FuzzRoute>();
  for (const r of routes) {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const url = r.url;
      const schema = (r.schema ?? {}) as { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
      const pathParams = [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
      seen.set(routeKey({ method, url }), {
        method,
        url,
        server: serverOfRoute.get(r),
        params: toJsonSchema(schema.params),
        querystring: toJsonSchema(schema.querystring),
        body: toJsonSchema(schema.body),
        pathParams,
        zod: { params: schema.params, querystring: schema.querystring, body: schema.body },
      });
    }
  }
  return [...seen.values()];
}

/** Path parameters of a route its params schema does not describe (each is fuzzed blind). */
export function undescribedParams(route: FuzzRoute): string[] {
  const described = new Set(Object.keys(route.params?.properties ?? {}));
  return route.pathParams.filter((p) => !described.has(p));
}
