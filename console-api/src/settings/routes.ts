import { PERMISSIONS } from '@plinth/shared-contracts';
import { CUSTOM_HOSTNAME_API_MESSAGES, CustomHostnameCreateSchema, CustomHostnameSchema, JwtSecretUpdateSchema, JwtSecretUpdateStatusSchema, ProjectApiConfigSchema, ProjectConfigSchema, ProjectSettingsSchema, type ProjectService } from '@plinth/contracts-settings';
import * as z from '@plinth/shared-contracts/zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type ProjectAccess, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { projectUrl } from '@plinth/platform-core/project-urls';
import { maskSecret } from './keys';
import { SettingsStore, type ProjectKeys } from './store';
import { CustomHostnames } from './custom-hostnames';
import { dnsTxtLookup, reservedHostname } from './custom-domain';
import { customDomainAllowed } from '../addons/store';

/** Project settings: API keys, configuration, JWT secret rotation and custom hostname. */
export const settingsRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new SettingsStore(deps.control, deps.services.projectServices.records);
  const hostnames = new CustomHostnames(deps.control, dnsTxtLookup(deps.services.config.dnsServers));
  fastify.addHook('onClose', async () => {
    await Promise.all([...store.pending.values()]);
  });
  const props = '/platform/props/project/:ref';

  /** No custom domain: the plan cannot have one, or it can buy one and the project has not the custom-domain add-on (../addons). */
  const noCustomDomain = async (access: ProjectAccess) => !(await customDomainAllowed(deps.control, access.project));
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
    const host = await hostnames.read(k.ref, await noCustomDomain(access));
    return {
      project: { ref: k.ref, jwt_secret: canReveal(access) ? k.jwt_secret : maskSecret(k.jwt_secret) },
      services: services(req, access, k),
      customDomain: { status: host.status, hostname: host.data?.result?.hostname ?? null },
    };
  });

  const hostname = '/platform/projects/:ref/custom-hostname';
  /** Writes need a custom domain the plan includes or the project's add-on, and the projects' write permission. */
  const writeAccess = async (req: FastifyRequest, ref: string) => {
    const access = await deps.requireProjectAccess(req, ref, PERMISSIONS.PROJECTS_WRITE);
    if (await noCustomDomain(access)) throw new HttpError(400, CUSTOM_HOSTNAME_API_MESSAGES.notAllowed, 'NOT_ALLOWED');
    return access;
  };
  /** The project services' listener reads active hostnames: tell it at once after a change. */
  const served = async () => {
    await fastify.plinth?.customHosts.refresh();
  };
  app.get(hostname, { schema: { params: RefParamsSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return hostnames.read(access.project.ref, await noCustomDomain(access));
  });
  app.post(hostname, { schema: { params: RefParamsSchema, body: CustomHostnameCreateSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await writeAccess(req, req.params.ref);
    const reserved = reservedHostname(req.body.custom_hostname, deps.services.config.publicUrl, deps.services.config.projectUrl);
    if (reserved) throw new HttpError(400, reserved, 'RESERVED_HOSTNAME', 'custom_hostname');
    await hostnames.claim(access.project.ref, req.body.custom_hostname);
    await served();
    return hostnames.read(access.project.ref, false);
  });
  app.post(`${hostname}/reverify`, { schema: { params: RefParamsSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await writeAccess(req, req.params.ref);
    await hostnames.verify(access.project.ref);
    return hostnames.read(access.project.ref, false);
  });
  app.post(`${hostname}/activate`, { schema: { params: RefParamsSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await writeAccess(req, req.params.ref);
    await hostnames.activate(access.project.ref);
    await served();
    return hostnames.read(access.project.ref, false);
  });
  app.delete(hostname, { schema: { params: RefParamsSchema, response: { 200: CustomHostnameSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE);
    await hostnames.remove(access.project.ref);
    await served();
    return hostnames.read(access.project.ref, await noCustomDomain(access));
  });
};
