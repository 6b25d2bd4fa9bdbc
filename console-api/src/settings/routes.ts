import {
  CUSTOM_HOSTNAME_API_MESSAGES,
  CustomHostnameCreateSchema,
  CustomHostnameSchema,
  JwtSecretUpdateSchema,
  JwtSecretUpdateStatusSchema,
  PERMISSIONS,
  ProjectApiConfigSchema,
  ProjectConfigSchema,
  ProjectSettingsSchema,
  type ProjectService,
} from '@plinth/shared-contracts';
import * as z from '@plinth/shared-contracts/zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type ProjectAccess, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { organizationPlan } from '@plinth/project-services';
import { projectUrl } from '@plinth/platform-core/project-urls';
import { maskSecret } from './keys';
import { SettingsStore, type ProjectKeys } from './store';

/** Project settings: API keys, configuration, JWT secret rotation and custom hostname. */
export const settingsRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new SettingsStore(deps.control);
  fastify.addHook('onClose', async () => {
    await Promise.all([...store.pending.values()]);
  });
  const props = '/platform/props/project/:ref';

  const canReveal = (access: ProjectAccess) => access.permissions.has(PERMISSIONS.SERVICE_API_KEYS_READ);
  const endpointOf = (req: FastifyRequest, ref: string) => {
    const url = new URL(projectUrl(deps, req, ref));
    return { endpoint: `${url.host}${url.pathname.replace(/\/+$/, '')}`, protocol: url.protocol.replace(/:$/, '') };
  };
  const services = (req: FastifyRequest, access: ProjectAccess, k: ProjectKeys): ProjectService[] => [
    {
      app: { id: 1, name: 'Auto API' },
      app_config: { ...endpointOf(req, k.ref), db_schema: 'public' },
      service_api_keys: [
        { api_key: k.anon_key, name: 'anon key', tags: 'anon', revealed: true },
        canReveal(access)
          ? { api_key: k.service_role_key, name: 'service_role key', tags: 'service_role,secret', revealed: true }
          : { api_key: maskSecret(k.service_role_key), name: 'service_role key', tags: 'service_role,secret', revealed: false },
      ],
    },
  ];

  app.get(`${props}/settings`, { schema: { params: RefParamsSchema, response: { 200: ProjectSettingsSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    const k = await store.keys(access.project.ref);
    return { project: { ref: k.ref, name: k.name }, services: services(req, access, k) };
  });

  app.get(`${props}/api`, { schema: { params: RefParamsSchema, response: { 200: ProjectApiConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    const k = await store.keys(access.project.ref);
    const key = canReveal(access) ? k.service_role_key : k.anon_key;
    return { autoApiService: { ...endpointOf(req, k.ref), serviceApiKey: key } };
  });

  app.get(`${props}/jwt-secret-update-status`, { schema: { params: RefParamsSchema, response: { 200: JwtSecretUpdateStatusSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return store.jwtStatus(access.project.ref);
  });

  app.post(`${props}/jwt-secret`, { schema: { params: RefParamsSchema, body: z.optional(JwtSecretUpdateSchema), response: { 200: JwtSecretUpdateStatusSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    return store.rotate(access.project.ref, req.body?.jwt_secret, req.body?.change_tracking_id);
  });

  app.get('/platform/projects/:ref/config', { schema: { params: RefParamsSchema, response: { 200: ProjectConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    const k = await store.keys(access.project.ref);
    const free = (await organizationPlan(deps.control, access.project.organizationId)) === 'free';
    const host = await store.customHostname(k.ref, free);
    return {
      project: { ref: k.ref, jwt_secret: canReveal(access) ? k.jwt_secret : maskSecret(k.jwt_secret) },
      services: services(req, access, k),
      customDomain: { status: host.status, hostname: host.data?.result?.hostname ?? null },
    };
  });

  const hostname = '/platform/projects/:ref/custom-hostname';
  app.get(hostname, { schema: { params: RefParamsSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    const free = (await organizationPlan(deps.control, access.project.organizationId)) === 'free';
    return store.customHostname(access.project.ref, free);
  });
  app.post(hostname, { schema: { params: RefParamsSchema, body: CustomHostnameCreateSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    if ((await organizationPlan(deps.control, access.project.organizationId)) === 'free') {
      throw new HttpError(400, CUSTOM_HOSTNAME_API_MESSAGES.notAllowed, 'NOT_ALLOWED');
    }
    await store.setCustomHostname(access.project.ref, req.body.custom_hostname);
    await fastify.plinth?.customHosts.refresh();
    return store.customHostname(access.project.ref, false);
  });
  app.delete(hostname, { schema: { params: RefParamsSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    await store.deleteCustomHostname(access.project.ref);
    await fastify.plinth?.customHosts.refresh();
    return store.customHostname(access.project.ref, (await organizationPlan(deps.control, access.project.organizationId)) === 'free');
  });
};
