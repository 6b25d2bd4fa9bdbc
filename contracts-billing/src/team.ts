import * as z from '@plinth/shared-contracts/zod';
import { EmailSchema, MemberRoleSchema, OrganizationRoleSchema, type AddOrganizationMemberBody, type Http, type PlanId } from '@plinth/shared-contracts';

/**
 * The organization's team and records (issue 26): invitations by e-mail (a link accepted by signing
 * in or signing up with the invited address), deleting the organization, its audit log and the
 * account's own, and OAuth apps. The API enforces every rule; these are the shapes both sides check.
 */

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const InvitationSchema = z.object({
  id: z.string(),
  invited_email: z.string(),
  role: MemberRoleSchema,
  invited_by: z.nullable(z.string()),
  invited_at: z.string(),
  expires_at: z.string(),
  /** True once expires_at has passed: it can no longer be accepted (resend makes a new link). */
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.array(InvitationSchema);

export const CreateInvitationBodySchema = z.object({ email: EmailSchema, role: MemberRoleSchema });
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

/** What the accept page shows before the invited person accepts (read with the link's token). */
export const InvitationPreviewSchema = z.object({
  organization_name: z.string(),
  organization_slug: z.string(),
  invited_email: z.string(),
  role: MemberRoleSchema,
  expired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;
export const AcceptInvitationBodySchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const AcceptedInvitationSchema = z.object({ organization_slug: z.string(), role: MemberRoleSchema });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

/**
 * Invitations with the role they grant (2.1.0): `role` as builds of 2.0 read it (the contracts'
 * legacyMemberRole), `organization_role` the role itself, any the API lists (Billing admin too).
 */
export const OrganizationInvitationSchema = z.object({ ...InvitationSchema.shape, organization_role: OrganizationRoleSchema });
export type OrganizationInvitation = z.infer<typeof OrganizationInvitationSchema>;
export const OrganizationInvitationListSchema = z.array(OrganizationInvitationSchema);
export const OrganizationInvitationPreviewSchema = z.object({ ...InvitationPreviewSchema.shape, organization_role: OrganizationRoleSchema });
export type OrganizationInvitationPreview = z.infer<typeof OrganizationInvitationPreviewSchema>;
export const AcceptedOrganizationInvitationSchema = z.object({ ...AcceptedInvitationSchema.shape, organization_role: OrganizationRoleSchema });

/** The invitation calls read with `organization_role`, and an invitation with any role the API lists (the same routes as the team client's). */
export function createOrganizationInvitationsClient(http: Http) {
  const org = (slug: string) => `/platform/organizations/${encodeURIComponent(slug)}`;
  return {
    list: (slug: string) => http('GET', `${org(slug)}/invitations`, { schema: OrganizationInvitationListSchema }),
    invite: (slug: string, body: AddOrganizationMemberBody) => http('POST', `${org(slug)}/invitations`, { body, schema: OrganizationInvitationSchema }),
    preview: (token: string) => http('GET', '/platform/invitations/preview', { query: { token }, schema: OrganizationInvitationPreviewSchema }),
  };
}
export type OrganizationInvitationsClient = ReturnType<typeof createOrganizationInvitationsClient>;

/** Deleting an organization: its name typed again, as the confirmation. */
export const DeleteOrganizationBodySchema = z.object({ confirm_name: z.string().check(z.minLength(1, 'Type the organization name to confirm'), z.maxLength(256)) });
export type DeleteOrganizationBody = z.infer<typeof DeleteOrganizationBodySchema>;

/** Plans whose organizations keep an audit log to read (001 §6: dashboard audit trails on team and enterprise). */
export const AUDIT_LOG_PLANS: readonly PlanId[] = ['team', 'enterprise'];

/** One recorded write: who, what, when and from where. */
export const AuditLogEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor_id: z.nullable(z.string()),
  actor_email: z.nullable(z.string()),
  /** The route written to, as "METHOD /path/:param" (e.g. "POST /platform/organizations/:slug/members"). */
  action: z.string(),
  /** The path as called, with its parameters. */
  target: z.string(),
  status: z.number(),
  ip_address: z.nullable(z.string()),
  organization_slug: z.nullable(z.string()),
  project_ref: z.nullable(z.string()),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;
export const AuditLogPageSchema = z.object({ entries: z.array(AuditLogEntrySchema), total: z.number() });
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

/** The actions of the audit log as users know them, by the route they were made through (the audit log's filter and labels). */
export const AUDIT_ACTIONS: readonly { value: string; label: string }[] = [
  { value: 'PATCH /platform/organizations/:slug', label: 'Organization renamed' },
  { value: 'DELETE /platform/organizations/:slug', label: 'Organization deleted' },
  { value: 'POST /platform/organizations/:slug/members', label: 'Member added' },
  { value: 'PATCH /platform/organizations/:slug/members/:userId', label: 'Member role changed' },
  { value: 'DELETE /platform/organizations/:slug/members/:userId', label: 'Member removed' },
  { value: 'DELETE /platform/organizations/:slug/members/me', label: 'Member left' },
  { value: 'POST /platform/organizations/:slug/invitations', label: 'Invitation sent' },
  { value: 'POST /platform/organizations/:slug/invitations/:id/resend', label: 'Invitation resent' },
  { value: 'DELETE /platform/organizations/:slug/invitations/:id', label: 'Invitation revoked' },
  { value: 'PATCH /platform/organizations/:slug/subscription', label: 'Plan changed' },
  { value: 'POST /platform/organizations/:slug/oauth-apps', label: 'OAuth app registered' },
  { value: 'DELETE /platform/organizations/:slug/oauth-apps/:id', label: 'OAuth app revoked' },
  { value: 'POST /platform/projects', label: 'Project created' },
  { value: 'PATCH /platform/projects/:ref', label: 'Project renamed' },
  { value: 'DELETE /platform/projects/:ref', label: 'Project deleted' },
  { value: 'POST /platform/projects/:ref/pause', label: 'Project paused' },
  { value: 'POST /platform/projects/:ref/restore', label: 'Project restored' },
  { value: 'POST /platform/projects/:ref/restart', label: 'Project restarted' },
  { value: 'PATCH /platform/profile', label: 'Profile updated' },
  { value: 'POST /platform/organizations', label: 'Organization created' },
];

/** Filters of an audit log: a member (user id), an action, a time range (ISO timestamps). */
export interface AuditLogFilter {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  limit?: number;
}

export const OAUTH_APP_NAME_MAX = 64;
export const OAUTH_APP_REDIRECT_URIS_MAX = 10;

const RedirectUriSchema = z.string().check(
  z.maxLength(2048, 'A redirect URI must be at most 2048 characters'),
  z.refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || (u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1'));
    } catch {
      return false;
    }
  }, 'A redirect URI must be an https:// URL (http:// only for localhost)'),
);

export const OAuthAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string(),
  redirect_uris: z.array(z.string()),
  created_at: z.string(),
  created_by: z.nullable(z.string()),
});
export type OAuthApp = z.infer<typeof OAuthAppSchema>;
export const OAuthAppListSchema = z.array(OAuthAppSchema);
export const CreateOAuthAppBodySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(OAUTH_APP_NAME_MAX, `Name must be at most ${OAUTH_APP_NAME_MAX} characters`)),
  redirect_uris: z.array(RedirectUriSchema).check(z.minLength(1, 'Add at least one redirect URI'), z.maxLength(OAUTH_APP_REDIRECT_URIS_MAX, `At most ${OAUTH_APP_REDIRECT_URIS_MAX} redirect URIs`)),
});
export type CreateOAuthAppBody = z.infer<typeof CreateOAuthAppBodySchema>;
/** The registered app: the only answer that holds its client secret. */
export const CreatedOAuthAppSchema = z.object({ ...OAuthAppSchema.shape, client_secret: z.string() });
export type CreatedOAuthApp = z.infer<typeof CreatedOAuthAppSchema>;

export const teamQueryKeys = {
  invitations: (slug: string) => ['organizations', slug, 'invitations'] as const,
  auditLogs: (slug: string, filter: AuditLogFilter) => ['organizations', slug, 'audit', filter] as const,
  accountAuditLogs: (filter: AuditLogFilter) => ['profile', 'audit', filter] as const,
  oauthApps: (slug: string) => ['organizations', slug, 'oauth-apps'] as const,
};

const auditQuery = (f: AuditLogFilter) => ({ actor: f.actor, action: f.action, from: f.from, to: f.to, limit: f.limit });

export function createTeamClient(http: Http) {
  const org = (slug: string) => `/platform/organizations/${encodeURIComponent(slug)}`;
  return {
    listInvitations: (slug: string) => http('GET', `${org(slug)}/invitations`, { schema: InvitationListSchema }),
    invite: (slug: string, body: CreateInvitationBody) => http('POST', `${org(slug)}/invitations`, { body, schema: InvitationSchema }),
    resendInvitation: (slug: string, id: string) => http('POST', `${org(slug)}/invitations/${encodeURIComponent(id)}/resend`, { body: {}, schema: InvitationSchema }),
    revokeInvitation: (slug: string, id: string) => http<void>('DELETE', `${org(slug)}/invitations/${encodeURIComponent(id)}`),
    previewInvitation: (token: string) => http('GET', '/platform/invitations/preview', { query: { token }, schema: InvitationPreviewSchema }),
    acceptInvitation: (token: string) => http('POST', '/platform/invitations/accept', { body: { token }, schema: AcceptedInvitationSchema }),
    deleteOrganization: (slug: string, body: DeleteOrganizationBody) => http<void>('DELETE', org(slug), { body }),
    auditLogs: (slug: string, filter: AuditLogFilter = {}) => http('GET', `${org(slug)}/audit`, { query: auditQuery(filter), schema: AuditLogPageSchema }),
    accountAuditLogs: (filter: AuditLogFilter = {}) => http('GET', '/platform/profile/audit', { query: auditQuery(filter), schema: AuditLogPageSchema }),
    listOAuthApps: (slug: string) => http('GET', `${org(slug)}/oauth-apps`, { schema: OAuthAppListSchema }),
    createOAuthApp: (slug: string, body: CreateOAuthAppBody) => http('POST', `${org(slug)}/oauth-apps`, { body, schema: CreatedOAuthAppSchema }),
    revokeOAuthApp: (slug: string, id: string) => http<void>('DELETE', `${org(slug)}/oauth-apps/${encodeURIComponent(id)}`),
  };
}
export type TeamClient = ReturnType<typeof createTeamClient>;
