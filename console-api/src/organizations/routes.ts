import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMemberBodySchema,
  CreateOrganizationBodySchema,
  FreeProjectLimitMemberListSchema,
  MemberListSchema,
  MemberSchema,
  OrganizationListSchema,
  OrganizationSchema,
  PERMISSIONS,
  UpdateMemberBodySchema,
  UpdateOrganizationBodySchema,
} from '@plinth/shared-contracts';
import type { RouteModule } from '@plinth/platform-core/deps';

const SlugParams = z.object({ slug: z.string().min(1).max(64) });
const MemberParams = SlugParams.extend({ userId: z.string().min(1).max(64) });

/** Organizations and their members. */
export const organizationRoutes: RouteModule = (app, deps) => {
  const { organizations: orgs, access } = deps.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];

  r.get('/platform/organizations', { schema: { tags, response: { 200: OrganizationListSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return orgs.listFor(user.id);
  });

  r.post('/platform/organizations', { schema: { tags, body: CreateOrganizationBodySchema, response: { 201: OrganizationSchema } } }, async (req, reply) => {
    const user = await access.requireUser(req);
    return reply.code(201).send(await orgs.create(user, req.body.name));
  });

  r.get('/platform/organizations/:slug', { schema: { tags, params: SlugParams, response: { 200: OrganizationSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug);
    return orgs.get(req.params.slug);
  });

  r.patch('/platform/organizations/:slug', { schema: { tags, params: SlugParams, body: UpdateOrganizationBodySchema, response: { 200: OrganizationSchema } } }, async (req) => {
    await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'rename the organization');
    return orgs.rename(req.params.slug, req.body.name);
  });

  r.get('/platform/organizations/:slug/members', { schema: { tags, params: SlugParams, response: { 200: MemberListSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    return orgs.members(a.organization.id);
  });

  r.post('/platform/organizations/:slug/members', { schema: { tags, params: SlugParams, body: AddMemberBodySchema, response: { 201: MemberSchema } } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'add members');
    return reply.code(201).send(await orgs.addMember(a.organization.id, a.role, req.body.email, req.body.role));
  });

  r.get('/platform/organizations/:slug/members/reached-free-project-limit', { schema: { tags, params: SlugParams, response: { 200: FreeProjectLimitMemberListSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    return orgs.membersAtFreeProjectLimit(a.organization.id);
  });

  r.patch('/platform/organizations/:slug/members/:userId', { schema: { tags, params: MemberParams, body: UpdateMemberBodySchema, response: { 200: MemberSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'change member roles');
    return orgs.updateMember(a.organization.id, a.role, req.params.userId, req.body.role);
  });

  r.delete('/platform/organizations/:slug/members/:userId', { schema: { tags, params: MemberParams } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'remove members');
    await orgs.removeMember(a.organization.id, a.role, req.params.userId);
    return reply.code(204).send();
  });
};
