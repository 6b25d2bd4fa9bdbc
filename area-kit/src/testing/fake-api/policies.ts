import { PolicyCreateSchema, PolicySchema, type createDatabaseClient, type Policy } from '@plinth/contracts-database';
import { answer, answerEach, refuse, type Handlers } from './fake-client';

type DatabaseClient = ReturnType<typeof createDatabaseClient>;

export interface PoliciesState {
  policies: Policy[];
}

let nextPolicyId = 1000;

/** A policy as pg-meta lists it; by default a SELECT policy for everyone on storage.objects. */
export function policy(name: string, over: Partial<Policy> = {}): Policy {
  nextPolicyId += 1;
  return answer(PolicySchema, {
    id: nextPolicyId,
    name,
    schema: 'storage',
    table: 'objects',
    table_id: 42,
    command: 'SELECT',
    definition: null,
    check: null,
    roles: ['public'],
    action: 'PERMISSIVE',
    ...over,
  });
}

/** Row-level security policies of the project database, as pg-meta answers them. */
export function policyHandlers(state: PoliciesState): Handlers<DatabaseClient> {
  const find = (id: number) => state.policies.find((p) => p.id === id) ?? refuse(404, 'Policy not found');
  return {
    listPolicies: (_ref, schema) => answerEach(PolicySchema, state.policies.filter((p) => !schema || p.schema === schema)),
    createPolicy: (_ref, body) => {
      const parsed = PolicyCreateSchema.parse(body);
      if (state.policies.some((p) => p.schema === parsed.schema && p.table === parsed.table && p.name === parsed.name)) {
        refuse(409, `policy "${parsed.name}" for table "${parsed.table}" already exists`);
      }
      const created = policy(parsed.name, { ...parsed, definition: parsed.definition ?? null, check: parsed.check ?? null, roles: parsed.roles.length ? parsed.roles : ['public'] });
      state.policies.push(created);
      return created;
    },
    updatePolicy: (_ref, id, body) => {
      const next = answer(PolicySchema, { ...find(id), ...body });
      state.policies = state.policies.map((p) => (p.id === id ? next : p));
      return next;
    },
    deletePolicy: (_ref, id) => {
      const found = find(id);
      state.policies = state.policies.filter((p) => p !== found);
      return found;
    },
  };
}
