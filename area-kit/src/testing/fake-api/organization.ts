import { FreeProjectLimitMemberListSchema, MemberListSchema, MemberSchema, OrganizationSchema, type FreeProjectLimitMember, type Member, type OrganizationsClient, type PlanId } from '@plinth/shared-contracts';
import {
  AcceptedInvitationSchema,
  AuditLogPageSchema,
  CreatedOAuthAppSchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  OAuthAppListSchema,
  PLAN_NAMES,
  PLAN_ROLES,
  type AuditLogEntry,
  type Invitation,
  type OAuthApp,
  type TeamClient,
} from '@plinth/contracts-billing';
import { ME, ORGANIZATION, TEAMMATE } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';

export interface OrganizationState {
  members: Member[];
  /** Pending invitations (Team page). */
  invitations?: Invitation[];
  /** The organization's audit log, newest first, and the account's own. */
  auditLog?: AuditLogEntry[];
  accountAuditLog?: AuditLogEntry[];
  oauthApps?: OAuthApp[];
  /** Names of the organization's projects: deleting it is refused while there are any. */
  organizationProjects?: string[];
  organizationDeleted?: boolean;
  /** The organization's name once renamed (ORGANIZATION.name until then). */
  organizationName?: string;
}

export const DEFAULT_MEMBERS: Member[] = [
  { user_id: ME.id, username: ME.username, primary_email: ME.email, role: 'Owner' },
  { user_id: TEAMMATE.id, username: TEAMMATE.username, primary_email: TEAMMATE.email, role: 'Developer' },
];

const otherOwner = (state: OrganizationState, userId: string) => state.members.some((m) => m.role === 'Owner' && m.user_id !== userId);

/**
 * The organization and its members, as the organizations API answers them: members are added by
 * e-mail (any address not yet a member), their roles changed and removed; the last Owner stays.
 */
export function organizationHandlers(state: OrganizationState & { plan?: PlanId; freeProjectLimitMembers?: FreeProjectLimitMember[] }): Handlers<OrganizationsClient> {
  const plan = () => state.plan ?? 'free';
  return {
    get: (slug) => answer(OrganizationSchema, { ...ORGANIZATION, name: state.organizationName ?? ORGANIZATION.name, slug, subscription_id: null, plan: { id: plan(), name: PLAN_NAMES[plan()] } }),
    update: (slug, body) => {
      state.organizationName = body.name;
      return answer(OrganizationSchema, { ...ORGANIZATION, name: body.name, slug, subscription_id: null, plan: { id: plan(), name: PLAN_NAMES[plan()] } });
    },
    listMembers: () => answer(MemberListSchema, state.members),
    addMember: (_slug, body) => {
      if (state.members.some((m) => m.primary_email === body.email)) refuse(409, `${body.email} is already a member of this organization`, 'ALREADY_MEMBER');
      const member = answer(MemberSchema, { user_id: `user-${state.members.length + 1}`, username: body.email.split('@')[0], primary_email: body.email, role: body.role });
      state.members = [...state.members, member];
      return member;
    },
    updateMember: (_slug, userId, body) => {
      const current = state.members.find((m) => m.user_id === userId) ?? refuse(404, `Member not found: ${userId}`, 'MEMBER_NOT_FOUND');
      if (current.role === 'Owner' && body.role !== 'Owner' && !otherOwner(state, userId)) refuse(409, 'An organization needs at least one Owner', 'LAST_OWNER');
      const next = { ...current, role: body.role };
      state.members = state.members.map((m) => (m.user_id === userId ? next : m));
      return next;
    },
    removeMember: (_slug, userId) => {
      const current = state.members.find((m) => m.user_id === userId) ?? refuse(404, `Member not found: ${userId}`, 'MEMBER_NOT_FOUND');
      if (current.role === 'Owner' && !otherOwner(state, userId)) refuse(409, 'An organization needs at least one Owner', 'LAST_OWNER');
      state.members = state.members.filter((m) => m.user_id !== userId);
      return undefined;
    },
    membersReachedFreeProjectLimit: () => answer(FreeProjectLimitMemberListSchema, state.freeProjectLimitMembers ?? []),
  };
}

/** An audit entry with defaults, for tests. */
export function auditEntry(over: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id: over.id ?? String(Math.floor(Math.random() * 1e9)),
    occurred_at: '2026-11-20T10:00:00.000Z',
    actor_id: ME.id,
    actor_email: ME.email,
    action: 'PATCH /platform/organizations/:slug',
    target: `/api/platform/organizations/${ORGANIZATION.slug}`,
    status: 200,
    ip_address: '203.0.113.7',
    organization_slug: ORGANIZATION.slug,
    project_ref: null,
    ...over,
  };
}

export const FAKE_INVITATION_TOKEN = 'invitation-token-1';
export const FAKE_OAUTH_SECRET = 'plinth_oas_fake-secret-shown-once';

const filtered = (entries: AuditLogEntry[], f: { actor?: string; action?: string; from?: string; to?: string; limit?: number }) => {
  const out = entries.filter(
    (e) => (!f.actor || e.actor_id === f.actor) && (!f.action || e.action === f.action) && (!f.from || e.occurred_at >= f.from) && (!f.to || e.occurred_at <= f.to),
  );
  return answer(AuditLogPageSchema, { entries: out.slice(0, f.limit ?? 100), total: out.length });
};

/**
 * Invitations, deleting the organization, audit logs and OAuth apps as the API answers them: roles
 * the plan does not offer are refused, an expired invitation cannot be accepted (the token
 * FAKE_INVITATION_TOKEN is the first pending invitation's), the audit log is read on team and
 * enterprise only, an app's secret is answered once.
 */
export function teamHandlers(state: OrganizationState & { plan?: PlanId }): Handlers<TeamClient> {
  const plan = () => state.plan ?? 'free';
  const invitations = () => state.invitations ?? [];
  return {
    listInvitations: () => answer(InvitationListSchema, invitations()),
    invite: (_slug, body) => {
      if (!PLAN_ROLES[plan()].includes(body.role)) refuse(409, `The ${PLAN_NAMES[plan()]} plan does not offer the ${body.role} role`, 'ROLE_NOT_IN_PLAN');
      if (invitations().some((i) => i.invited_email === body.email)) refuse(409, `${body.email} has already been invited: resend or revoke that invitation`, 'ALREADY_INVITED');
      if (state.members.some((m) => m.primary_email === body.email)) refuse(409, `${body.email} is already a member of this organization`, 'ALREADY_MEMBER');
      const inv = answer(InvitationSchema, {
        id: `inv-${invitations().length + 1}`,
        invited_email: body.email,
        role: body.role,
        invited_by: ME.email,
        invited_at: '2026-11-20T10:00:00.000Z',
        expires_at: '2026-11-27T10:00:00.000Z',
        expired: false,
      });
      state.invitations = [...invitations(), inv];
      return inv;
    },
    resendInvitation: (_slug, id) => {
      const inv = invitations().find((i) => i.id === id) ?? refuse(404, `Invitation not found: ${id}`, 'INVITATION_NOT_FOUND');
      const next = { ...inv, expired: false, invited_at: '2026-11-21T10:00:00.000Z', expires_at: '2026-11-28T10:00:00.000Z' };
      state.invitations = invitations().map((i) => (i.id === id ? next : i));
      return answer(InvitationSchema, next);
    },
    revokeInvitation: (_slug, id) => {
      if (!invitations().some((i) => i.id === id)) refuse(404, `Invitation not found: ${id}`, 'INVITATION_NOT_FOUND');
      state.invitations = invitations().filter((i) => i.id !== id);
      return undefined;
    },
    previewInvitation: (token) => {
      const inv = token === FAKE_INVITATION_TOKEN ? invitations()[0] : undefined;
      if (!inv) refuse(404, 'This invitation link is not valid: it may have been revoked, resent or already accepted', 'INVITATION_NOT_FOUND');
      return answer(InvitationPreviewSchema, { organization_name: state.organizationName ?? ORGANIZATION.name, organization_slug: ORGANIZATION.slug, invited_email: inv!.invited_email, role: inv!.role, expired: inv!.expired });
    },
    acceptInvitation: (token) => {
      const inv = token === FAKE_INVITATION_TOKEN ? invitations()[0] : undefined;
      if (!inv) refuse(404, 'This invitation link is not valid: it may have been revoked, resent or already accepted', 'INVITATION_NOT_FOUND');
      if (inv!.expired) refuse(410, `This invitation expired on ${inv!.expires_at.slice(0, 10)}: ask a member of ${ORGANIZATION.name} to resend it`, 'INVITATION_EXPIRED');
      if (inv!.invited_email !== ME.email) refuse(403, `This invitation is for ${inv!.invited_email}: sign in with that address to accept it (you are signed in as ${ME.email})`, 'INVITATION_OTHER_EMAIL');
      state.invitations = invitations().slice(1);
      return answer(AcceptedInvitationSchema, { organization_slug: ORGANIZATION.slug, role: inv!.role });
    },
    deleteOrganization: (_slug, body) => {
      const name = state.organizationName ?? ORGANIZATION.name;
      if (body.confirm_name !== name) refuse(400, `Type the organization name "${name}" exactly to confirm`, 'CONFIRMATION_MISMATCH');
      const projects = state.organizationProjects ?? [];
      if (projects.length) {
        refuse(409, `This organization still has ${projects.length} project${projects.length === 1 ? '' : 's'} (${projects.join(', ')}): delete ${projects.length === 1 ? 'it' : 'them'} before deleting the organization`, 'ORGANIZATION_HAS_PROJECTS');
      }
      state.organizationDeleted = true;
      return undefined;
    },
    auditLogs: (_slug, filter = {}) => {
      if (plan() !== 'team' && plan() !== 'enterprise') refuse(403, `Audit logs are available on the Team and Enterprise plans: this organization is on the ${PLAN_NAMES[plan()]} plan`, 'PLAN_REQUIRED');
      return filtered(state.auditLog ?? [], filter);
    },
    accountAuditLogs: (filter = {}) => filtered(state.accountAuditLog ?? [], filter),
    listOAuthApps: () => answer(OAuthAppListSchema, state.oauthApps ?? []),
    createOAuthApp: (_slug, body) => {
      const app = { id: `app-${(state.oauthApps ?? []).length + 1}`, name: body.name, client_id: `client-${(state.oauthApps ?? []).length + 1}`, redirect_uris: body.redirect_uris, created_at: '2026-11-20T10:00:00.000Z', created_by: ME.email };
      state.oauthApps = [...(state.oauthApps ?? []), app];
      return answer(CreatedOAuthAppSchema, { ...app, client_secret: FAKE_OAUTH_SECRET });
    },
    revokeOAuthApp: (_slug, id) => {
      if (!(state.oauthApps ?? []).some((a) => a.id === id)) refuse(404, `OAuth app not found: ${id}`, 'OAUTH_APP_NOT_FOUND');
      state.oauthApps = (state.oauthApps ?? []).filter((a) => a.id !== id);
      return undefined;
    },
  };
}
