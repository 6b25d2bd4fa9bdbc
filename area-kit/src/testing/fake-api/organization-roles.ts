import {
  describeOrganizationRoles,
  isOrganizationRole,
  legacyMemberRole,
  MEMBER_ROLES,
  OrganizationMemberListSchema,
  OrganizationMemberSchema,
  OrganizationRolesSchema,
  organizationRolesOffered,
  type Member,
  type OrganizationRolesClient,
  type PlanId,
} from '@plinth/shared-contracts';
import { OrganizationInvitationListSchema, OrganizationInvitationPreviewSchema, OrganizationInvitationSchema, PLAN_ALLOWS_ADDITIONAL_OWNERS, PLAN_NAMES, type OrganizationInvitationsClient } from '@plinth/contracts-billing';
import { ME, ORGANIZATION } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';
import { FAKE_INVITATION_TOKEN, type OrganizationState } from './organization';

/** Roles held beyond MEMBER_ROLES (Billing admin), by member id and by invitation id; `role` in members and invitations stays the one builds of 1.6 read. */
export interface OrganizationRolesState {
  memberRoles?: Record<string, string>;
  invitationRoles?: Record<string, string>;
}

type State = OrganizationState & OrganizationRolesState & { plan?: PlanId };

const withRole = (state: State, m: Member) => ({ ...m, organization_role: state.memberRoles?.[m.user_id] ?? m.role });

function checkRole(state: State, role: string): void {
  const plan = state.plan ?? 'free';
  if (!isOrganizationRole(role)) refuse(400, `Unknown role "${role}"`, 'INVALID_ROLE');
  const offered: readonly string[] = organizationRolesOffered(plan);
  if (!offered.includes(role)) refuse(409, `The ${PLAN_NAMES[plan]} plan does not offer the ${role} role: it offers ${offered.join(' and ')}`, 'ROLE_NOT_IN_PLAN');
}

/** The calls by organization role as the API answers them: the roles route with `organization_roles`, members with `organization_role`. */
export function organizationRolesHandlers(state: State): Handlers<OrganizationRolesClient> {
  const plan = () => state.plan ?? 'free';
  const setRole = (userId: string, role: string) => {
    state.memberRoles = { ...state.memberRoles, [userId]: role };
    state.members = state.members.map((m) => (m.user_id === userId ? { ...m, role: legacyMemberRole(role) } : m));
  };
  return {
    roles: () => {
      const offered: readonly string[] = organizationRolesOffered(plan());
      return answer(OrganizationRolesSchema, {
        plan: plan(),
        roles: MEMBER_ROLES.filter((r) => offered.includes(r)),
        additional_owners: PLAN_ALLOWS_ADDITIONAL_OWNERS[plan()],
        organization_roles: describeOrganizationRoles(plan()),
      });
    },
    listMembers: () => answer(OrganizationMemberListSchema, state.members.map((m) => withRole(state, m))),
    addMember: (_slug, body) => {
      checkRole(state, body.role);
      if (state.members.some((m) => m.primary_email === body.email)) refuse(409, `${body.email} is already a member of this organization`, 'ALREADY_MEMBER');
      const member: Member = { user_id: `user-${state.members.length + 1}`, username: body.email.split('@')[0] ?? body.email, primary_email: body.email, role: legacyMemberRole(body.role) };
      state.members = [...state.members, member];
      setRole(member.user_id, body.role);
      return answer(OrganizationMemberSchema, withRole(state, member));
    },
    updateMember: (_slug, userId, body) => {
      const current = state.members.find((m) => m.user_id === userId) ?? refuse(404, `Member not found: ${userId}`, 'MEMBER_NOT_FOUND');
      if (body.role !== withRole(state, current).organization_role) checkRole(state, body.role);
      if (current.role === 'Owner' && body.role !== 'Owner' && !state.members.some((m) => m.role === 'Owner' && m.user_id !== userId)) refuse(409, 'An organization needs at least one Owner', 'LAST_OWNER');
      setRole(userId, body.role);
      return answer(OrganizationMemberSchema, withRole(state, state.members.find((m) => m.user_id === userId)!));
    },
  };
}

/** Invitations read with `organization_role`, and an invitation with any role the plan offers. */
export function organizationInvitationsHandlers(state: State): Handlers<OrganizationInvitationsClient> {
  const invitations = () => state.invitations ?? [];
  const withInvitationRole = <T extends { id: string; role: string }>(inv: T) => ({ ...inv, organization_role: state.invitationRoles?.[inv.id] ?? inv.role });
  return {
    list: () => answer(OrganizationInvitationListSchema, invitations().map(withInvitationRole)),
    invite: (_slug, body) => {
      checkRole(state, body.role);
      if (invitations().some((i) => i.invited_email === body.email)) refuse(409, `${body.email} has already been invited: resend or revoke that invitation`, 'ALREADY_INVITED');
      if (state.members.some((m) => m.primary_email === body.email)) refuse(409, `${body.email} is already a member of this organization`, 'ALREADY_MEMBER');
      const inv = {
        id: `inv-${invitations().length + 1}`,
        invited_email: body.email,
        role: legacyMemberRole(body.role),
        invited_by: ME.email,
        invited_at: '2026-11-20T10:00:00.000Z',
        expires_at: '2026-11-27T10:00:00.000Z',
        expired: false,
      };
      state.invitations = [...invitations(), inv];
      state.invitationRoles = { ...state.invitationRoles, [inv.id]: body.role };
      return answer(OrganizationInvitationSchema, withInvitationRole(inv));
    },
    preview: (token) => {
      const inv = (token === FAKE_INVITATION_TOKEN ? invitations()[0] : undefined) ?? refuse(404, 'This invitation link is not valid: it may have been revoked, resent or already accepted', 'INVITATION_NOT_FOUND');
      return answer(OrganizationInvitationPreviewSchema, {
        organization_name: state.organizationName ?? ORGANIZATION.name,
        organization_slug: ORGANIZATION.slug,
        invited_email: inv.invited_email,
        role: inv.role,
        organization_role: withInvitationRole(inv).organization_role,
        expired: inv.expired,
      });
    },
  };
}
