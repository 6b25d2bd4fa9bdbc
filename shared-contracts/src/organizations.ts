import * as z from './zod';
import type { Http } from './http';
import { MEMBER_ROLES, ORGANIZATION_ROLE_DESCRIPTIONS, ORGANIZATION_ROLE_PERMISSIONS, ORGANIZATION_ROLES, ROLES_WITHOUT_PROJECT_DATA, type OrganizationRole } from './permissions';
import { EmailSchema } from './auth';

/** Schemas, types and calls of organizations and their members (000 §3, 001 §7). */

/** The plan tiers an organization can be on (the plans themselves: @plinth/contracts-billing). */
export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const SlugSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(SLUG_PATTERN, 'A slug has lowercase letters, digits and dashes'));

export const OrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  subscription_id: z.nullable(z.string()),
  plan: z.object({ id: PlanIdSchema, name: z.string() }),
});
export type Organization = z.infer<typeof OrganizationSchema>;
export const OrganizationListSchema = z.array(OrganizationSchema);

export const CreateOrganizationBodySchema = z.object({ name: z.string().check(z.trim(), z.minLength(1, 'Organization name is required'), z.maxLength(100)) });
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBodySchema>;
export const UpdateOrganizationBodySchema = CreateOrganizationBodySchema;
export type UpdateOrganizationBody = CreateOrganizationBody;

export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export const MemberSchema = z.object({ user_id: z.string(), username: z.string(), primary_email: z.string(), role: MemberRoleSchema });
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.array(MemberSchema);

/** Adds an existing account by email. */
export const AddMemberBodySchema = z.object({ email: EmailSchema, role: MemberRoleSchema });
export type AddMemberBody = z.infer<typeof AddMemberBodySchema>;
export const UpdateMemberBodySchema = z.object({ role: MemberRoleSchema });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

/** A member who already runs as many free projects as the free plan allows (000 §4.3). */
export const FreeProjectLimitMemberSchema = z.object({ username: z.string(), primary_email: z.string(), free_project_limit: z.number() });
export type FreeProjectLimitMember = z.infer<typeof FreeProjectLimitMemberSchema>;
export const FreeProjectLimitMemberListSchema = z.array(FreeProjectLimitMemberSchema);

/**
 * A member's role as the API names it (1.7.0): any role of ORGANIZATION_ROLES, or a role a newer
 * API lists (roles are data: the organization's roles route says what each one may do). Answers
 * read by 1.6 builds keep `role` in MEMBER_ROLES (`legacyMemberRole`) and add `organization_role`.
 */
export const OrganizationRoleSchema = z.string().check(z.minLength(1, 'Choose a role'), z.maxLength(64));

/** A member with the role they hold (`organization_role`); `role` is what builds of 1.6 read. */
export const OrganizationMemberSchema = z.object({ ...MemberSchema.shape, organization_role: OrganizationRoleSchema });
export type OrganizationMember = z.infer<typeof OrganizationMemberSchema>;
export const OrganizationMemberListSchema = z.array(OrganizationMemberSchema);

/** Adding a member, or inviting one, with any role the API lists (checked there against the plan). */
export const AddOrganizationMemberBodySchema = z.object({ email: EmailSchema, role: OrganizationRoleSchema });
export type AddOrganizationMemberBody = z.infer<typeof AddOrganizationMemberBodySchema>;
export const UpdateOrganizationMemberBodySchema = z.object({ role: OrganizationRoleSchema });
export type UpdateOrganizationMemberBody = z.infer<typeof UpdateOrganizationMemberBodySchema>;

/** The plans that offer each role (001 §6): Owner and Developer everywhere (one Owner on free and pro), the others on team and enterprise. */
export const ORGANIZATION_ROLE_PLANS: Record<OrganizationRole, readonly PlanId[]> = {
  Owner: PLAN_IDS,
  Developer: PLAN_IDS,
  Administrator: ['team', 'enterprise'],
  'Read-only': ['team', 'enterprise'],
  'Billing admin': ['team', 'enterprise'],
};

/** The roles a plan offers, in ORGANIZATION_ROLES' order. */
export function organizationRolesOffered(plan: PlanId): OrganizationRole[] {
  return ORGANIZATION_ROLES.filter((role) => ORGANIZATION_ROLE_PLANS[role].includes(plan));
}

/** One role of the organization: what it may do (its permission keys and words) and whether the plan offers it. */
export const OrganizationRoleInfoSchema = z.object({
  name: OrganizationRoleSchema,
  description: z.string(),
  permissions: z.array(z.string()),
  /** False for a role that sees the organization and its billing but no project's data. */
  project_data: z.boolean(),
  /** Whether the organization's plan offers it now. */
  offered: z.boolean(),
});
export type OrganizationRoleInfo = z.infer<typeof OrganizationRoleInfoSchema>;

/** Every role with its permissions and words, and whether `plan` offers it: `organization_roles` of the roles route. */
export function describeOrganizationRoles(plan: PlanId): OrganizationRoleInfo[] {
  return ORGANIZATION_ROLES.map((role) => ({
    name: role,
    description: ORGANIZATION_ROLE_DESCRIPTIONS[role],
    permissions: [...ORGANIZATION_ROLE_PERMISSIONS[role]],
    project_data: !ROLES_WITHOUT_PROJECT_DATA.includes(role),
    offered: ORGANIZATION_ROLE_PLANS[role].includes(plan),
  }));
}

/** Query keys of the calls by organization role: apart from `queryKeys.members`, whose answers builds of 1.6 read. */
export const organizationRolesQueryKeys = {
  organizationRoles: (slug: string) => ['organizations', slug, 'organization-roles'] as const,
  organizationMembers: (slug: string) => ['organizations', slug, 'organization-roles', 'members'] as const,
};

/**
 * GET /platform/organizations/{slug}/roles: the plan, `roles` and `additional_owners` as 1.6 builds
 * read them (MEMBER_ROLES the plan offers), and `organization_roles`, every role with its
 * permissions and whether the plan offers it.
 */
export const OrganizationRolesSchema = z.object({
  plan: PlanIdSchema,
  roles: z.array(MemberRoleSchema),
  additional_owners: z.boolean(),
  organization_roles: z.array(OrganizationRoleInfoSchema),
});
export type OrganizationRoles = z.infer<typeof OrganizationRolesSchema>;


const org = (slug: string) => `/platform/organizations/${encodeURIComponent(slug)}`;

export function createOrganizationsClient(http: Http) {
  return {
    list: () => http('GET', '/platform/organizations', { schema: OrganizationListSchema }),
    get: (slug: string) => http('GET', org(slug), { schema: OrganizationSchema }),
    create: (body: CreateOrganizationBody) => http('POST', '/platform/organizations', { body, schema: OrganizationSchema }),
    update: (slug: string, body: UpdateOrganizationBody) => http('PATCH', org(slug), { body, schema: OrganizationSchema }),
    listMembers: (slug: string) => http('GET', `${org(slug)}/members`, { schema: MemberListSchema }),
    addMember: (slug: string, body: AddMemberBody) => http('POST', `${org(slug)}/members`, { body, schema: MemberSchema }),
    updateMember: (slug: string, userId: string, body: UpdateMemberBody) =>
      http('PATCH', `${org(slug)}/members/${encodeURIComponent(userId)}`, { body, schema: MemberSchema }),
    removeMember: (slug: string, userId: string) => http('DELETE', `${org(slug)}/members/${encodeURIComponent(userId)}`),
    membersReachedFreeProjectLimit: (slug: string) =>
      http('GET', `${org(slug)}/members/reached-free-project-limit`, { schema: FreeProjectLimitMemberListSchema }),
  };
}
export type OrganizationsClient = ReturnType<typeof createOrganizationsClient>;

/** The calls of members by their organization role (1.7.0): the same routes as the members calls, read with `organization_role`. */
export function createOrganizationRolesClient(http: Http) {
  return {
    roles: (slug: string) => http('GET', `${org(slug)}/roles`, { schema: OrganizationRolesSchema }),
    listMembers: (slug: string) => http('GET', `${org(slug)}/members`, { schema: OrganizationMemberListSchema }),
    addMember: (slug: string, body: AddOrganizationMemberBody) => http('POST', `${org(slug)}/members`, { body, schema: OrganizationMemberSchema }),
    updateMember: (slug: string, userId: string, body: UpdateOrganizationMemberBody) =>
      http('PATCH', `${org(slug)}/members/${encodeURIComponent(userId)}`, { body, schema: OrganizationMemberSchema }),
  };
}
export type OrganizationRolesClient = ReturnType<typeof createOrganizationRolesClient>;
