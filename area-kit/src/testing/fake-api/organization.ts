import { MemberListSchema, OrganizationSchema, type Member, type OrganizationsClient } from '@plinth/shared-contracts';
import { ME, ORGANIZATION, TEAMMATE } from '../fixtures';
import { answer, type Handlers } from './fake-client';

export interface OrganizationState {
  members: Member[];
}

export const DEFAULT_MEMBERS: Member[] = [
  { user_id: ME.id, username: ME.username, primary_email: ME.email, role: 'Owner' },
  { user_id: TEAMMATE.id, username: TEAMMATE.username, primary_email: TEAMMATE.email, role: 'Developer' },
];

/** The organization and its members, as the organizations API answers them. */
export function organizationHandlers(state: OrganizationState): Handlers<OrganizationsClient> {
  return {
    get: (slug) => answer(OrganizationSchema, { ...ORGANIZATION, slug, subscription_id: null, plan: { id: 'free', name: 'Free' } }),
    listMembers: () => answer(MemberListSchema, state.members),
  };
}
