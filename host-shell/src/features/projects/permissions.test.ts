import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { createShellApi } from '../../app/api';
import { apiClientFor } from '../../app/use-api';
import { fakeApi, testQueryClient, USER } from '../../app/test-harness';
import { memberPermissionsQuery } from './queries';

const member = (role: string, organizationRole: string) => ({ user_id: USER.id, username: 'ada', primary_email: USER.email, role, organization_role: organizationRole });

describe("the signed-in user's permissions in an organization", () => {
  it('are those of the organization role they hold: a Billing admin may change the plan, not the Read-only its legacy role names', async () => {
    const api = fakeApi({ 'GET /platform/organizations/acme/members': [member('Read-only', 'Billing admin')] });
    const held = await testQueryClient().fetchQuery(memberPermissionsQuery(apiClientFor(createShellApi(api.fetch).http), 'acme', USER.id));
    expect(held).toContain(PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS);
    expect(held).not.toContain(PERMISSIONS.SQL_ADMIN_READ);
    expect(held).not.toEqual(ROLE_PERMISSIONS['Read-only']);
    expect(api.count('GET /platform/organizations/acme/roles')).toBe(0);
  });

  it('for a role newer than this build, are what the roles route lists for it; none for someone not a member', async () => {
    const api = fakeApi({
      'GET /platform/organizations/acme/members': [member('Read-only', 'Auditor')],
      'GET /platform/organizations/acme/roles': {
        plan: 'team',
        roles: ['Owner', 'Read-only'],
        additional_owners: true,
        organization_roles: [{ name: 'Auditor', description: 'Reads the audit logs', permissions: [PERMISSIONS.BILLING_READ], project_data: false, offered: true }],
      },
    });
    const client = apiClientFor(createShellApi(api.fetch).http);
    expect(await testQueryClient().fetchQuery(memberPermissionsQuery(client, 'acme', USER.id))).toEqual([PERMISSIONS.BILLING_READ]);
    expect(await testQueryClient().fetchQuery(memberPermissionsQuery(client, 'acme', 'someone-else'))).toEqual([]);
  });
});
