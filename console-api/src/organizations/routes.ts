import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddOrganizationMemberBodySchema,
  CreateOrganizationBodySchema,
  FreeProjectLimitMemberListSchema,
  OrganizationListSchema,
  OrganizationMemberListSchema,
  OrganizationMemberSchema,
  OrganizationSchema,
  PERMISSIONS,
  UpdateOrganizationBodySchema,
  UpdateOrganizationMemberBodySchema,
} from '@plinth/shared-contracts';
import {
  AcceptedOrganizationInvitationSchema,
  AcceptInvitationBodySchema,
  DeleteOrganizationBodySchema,
  OrganizationInvitationListSchema,
  OrganizationInvitationPreviewSchema,
  OrganizationInvitationSchema,
} from '@plinth/contracts-billing';
import type { FastifyRequest } from 'fastify';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { createInvitationMailer, InvitationsService } from './invitations';

const SlugParams = z.object({ slug: z.string().min(1).max(64) });
const MemberParams = SlugParams.extend({ userId: z.string().min(1).max(64) });
const InvitationParams = SlugParams.extend({ id: z.string().min(1).max(64) });
const TokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * Organizations and their members. Roles are data (shared-contracts 1.7): a body's role is any
 * name, checked here against ORGANIZATION_ROLES (400 naming `role`) and the plan (409); answers
 * carry `role` as builds of 1.6 read it and `organization_role`, the role held.
 */
export const organizationRoutes: RouteModule = (app, deps) => {
  const { organizations: orgs, access, config } = deps.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];
  // PLINTH_PLATFORM_SMTP_URL sends the platform's own e-mails elsewhere than the projects' auth e-mails (PLINTH_SMTP_URL).
  const mailer = createInvitationMailer(deps.control, process.env.PLINTH_PLATFORM_SMTP_URL || process.env.PLINTH_SMTP_URL || null, process.env.PLINTH_SMTP_FROM || 'Plinth <no-reply@localhost>');
  const invitations = new InvitationsService(deps.control, access, mailer);
  const linkBase = (req: FastifyRequest) => config.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;

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

  r.get('/platform/organizations/:slug/members', { schema: { tags, params: SlugParams, response: { 200: OrganizationMemberListSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    return orgs.members(a.organization.id);
  });

  r.post('/platform/organizations/:slug/members', { schema: { tags, params: SlugParams, body: AddOrganizationMemberBodySchema, response: { 201: OrganizationMemberSchema } } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'add members');
    return reply.code(201).send(await orgs.addMember(a.organization.id, a.role, req.body.email, req.body.role));
  });

  r.get('/platform/organizations/:slug/members/reached-free-project-limit', { schema: { tags, params: SlugParams, response: { 200: FreeProjectLimitMemberListSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    return orgs.membersAtFreeProjectLimit(a.organization.id);
  });

  r.patch('/platform/organizations/:slug/members/:userId', { schema: { tags, params: MemberParams, body: UpdateOrganizationMemberBodySchema, response: { 200: OrganizationMemberSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'change member roles');
    return orgs.updateMember(a.organization.id, a.role, req.params.userId, req.body.role);
  });

  r.delete('/platform/organizations/:slug/members/:userId', { schema: { tags, params: MemberParams } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'remove members');
    await orgs.removeMember(a.organization.id, a.role, req.params.userId);
    return reply.code(204).send();
  });

  r.delete('/platform/organizations/:slug', { schema: { tags, params: SlugParams, body: DeleteOrganizationBodySchema } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    if (a.role !== 'Owner') throw new HttpError(403, 'Only an Owner can delete the organization', 'PERMISSION_DENIED');
    await orgs.delete(a.organization, req.body.confirm_name);
    return reply.code(204).send();
  });

  r.get('/platform/organizations/:slug/invitations', { schema: { tags, params: SlugParams, response: { 200: OrganizationInvitationListSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug);
    return invitations.list(a.organization.id);
  });

  r.post('/platform/organizations/:slug/invitations', { schema: { tags, params: SlugParams, body: AddOrganizationMemberBodySchema, response: { 201: OrganizationInvitationSchema } } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'invite members');
    orgs.assertKnownRole(req.body.role);
    orgs.checkOwnerChange(a.role, null, req.body.role);
    await orgs.assertRoleOffered(a.organization.id, req.body.role);
    return reply.code(201).send(await invitations.invite(a.organization, a.user, req.body.email, req.body.role, linkBase(req)));
  });

  r.post('/platform/organizations/:slug/invitations/:id/resend', { schema: { tags, params: InvitationParams, response: { 200: OrganizationInvitationSchema } } }, async (req) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'invite members');
    return invitations.resend(a.organization, a.user, req.params.id, linkBase(req));
  });

  r.delete('/platform/organizations/:slug/invitations/:id', { schema: { tags, params: InvitationParams } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.params.slug, PERMISSIONS.MEMBERS_WRITE, 'revoke invitations');
    await invitations.revoke(a.organization.id, req.params.id);
    return reply.code(204).send();
  });

  /** What the invitation page shows before accepting: the link's token is the credential. */
  r.get('/platform/invitations/preview', { schema: { tags, querystring: TokenQuery, response: { 200: OrganizationInvitationPreviewSchema } } }, async (req) => invitations.preview(req.query.token));

  r.post('/platform/invitations/accept', { schema: { tags, body: AcceptInvitationBodySchema, response: { 200: AcceptedOrganizationInvitationSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return invitations.accept(user, req.body.token, (orgId, role) => orgs.assertRoleOffered(orgId, role, user.id));
  });
};
