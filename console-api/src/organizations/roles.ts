import { describeOrganizationRoles, MEMBER_ROLES, organizationRolesOffered, type OrganizationRoles, type PlanId } from '@plinth/shared-contracts';
import { PLAN_ALLOWS_ADDITIONAL_OWNERS } from '@plinth/contracts-billing';

/**
 * The answer of GET /platform/organizations/{slug}/roles for an organization on `plan`: `roles`
 * and `additional_owners` as builds of contracts 1.6 read them (the roles of MEMBER_ROLES the plan
 * offers), and every role the API knows with its permissions, its words and whether the plan offers
 * it (`organization_roles`), which the team page's role menus are drawn from.
 */
export function organizationRoles(plan: PlanId): OrganizationRoles {
  const offered: readonly string[] = organizationRolesOffered(plan);
  return {
    plan,
    roles: MEMBER_ROLES.filter((role) => offered.includes(role)),
    additional_owners: PLAN_ALLOWS_ADDITIONAL_OWNERS[plan],
    organization_roles: describeOrganizationRoles(plan),
  };
}
