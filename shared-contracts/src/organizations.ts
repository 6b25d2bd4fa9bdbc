import * as z from './zod';
import type { Http } from './http';
import { MEMBER_ROLES } from './permissions';
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
