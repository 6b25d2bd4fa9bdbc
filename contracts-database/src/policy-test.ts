import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';
import { PolicyCommandSchema } from './database';

// The policy tester (issue 11): runs SELECT, INSERT, UPDATE and DELETE on a table as a chosen
// caller, with a draft policy applied, inside one transaction that is always rolled back.
// Served at POST /api/platform/pg-meta/{ref}/policy-test.

/** Sample rows at most: existing rows of the table, or rows the user pastes. */
export const POLICY_TEST_MAX_ROWS = 100;
export const POLICY_TEST_OPERATIONS = ['select', 'insert', 'update', 'delete'] as const;
export type PolicyTestOperation = (typeof POLICY_TEST_OPERATIONS)[number];

const identifier = z.string().check(z.trim(), z.minLength(1), z.maxLength(63));

/** The policy as the editor holds it, not saved yet; `id` when it edits an existing policy. */
export const PolicyDraftSchema = z.object({
  id: z.optional(z.number().check(z.int())),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(63)),
  command: PolicyCommandSchema,
  definition: z.nullish(z.string().check(z.maxLength(10_000))),
  check: z.nullish(z.string().check(z.maxLength(10_000))),
  roles: z._default(z.array(identifier).check(z.maxLength(100)), []),
});
export type PolicyDraft = z.input<typeof PolicyDraftSchema>;

/** Who makes the requests: anon, authenticated with the given JWT claims, or a real user of the project. */
export const PolicyTestCallerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anon') }),
  z.object({ kind: z.literal('authenticated'), claims: z._default(z.record(z.string(), z.unknown()), {}) }),
  z.object({ kind: z.literal('user'), userId: z.string().check(z.uuid()) }),
]);
export type PolicyTestCaller = z.input<typeof PolicyTestCallerSchema>;

export const PolicyTestRequestSchema = z.object({
  schema: z._default(identifier, 'public'),
  table: identifier,
  draft: z.optional(PolicyDraftSchema),
  caller: PolicyTestCallerSchema,
  /** Rows to test instead of the table's own (added inside the rolled-back transaction). */
  rows: z.optional(z.array(z.record(z.string(), z.unknown())).check(z.maxLength(POLICY_TEST_MAX_ROWS))),
  /** How many existing rows to test when none are pasted. */
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(POLICY_TEST_MAX_ROWS)), POLICY_TEST_MAX_ROWS),
});
export type PolicyTestRequest = z.input<typeof PolicyTestRequestSchema>;

/** Whether the caller may do one operation on one row, which permissive policies admitted it, and why not. */
export const PolicyVerdictSchema = z.object({
  allowed: z.boolean(),
  admittedBy: z.array(z.string()),
  reason: z.nullable(z.string()),
});
export type PolicyVerdict = z.infer<typeof PolicyVerdictSchema>;

export const PolicyTestRowSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  select: PolicyVerdictSchema,
  insert: PolicyVerdictSchema,
  update: PolicyVerdictSchema,
  delete: PolicyVerdictSchema,
});
export type PolicyTestRow = z.infer<typeof PolicyTestRowSchema>;

export const PolicyTestResultSchema = z.object({
  /** Whether the table has row level security on; when off the test turns it on inside the transaction. */
  rlsEnabled: z.boolean(),
  role: z.string(),
  claims: z.nullable(z.record(z.string(), z.unknown())),
  columns: z.array(z.string()),
  /** The table's policies during the test (the draft in place of the policy it edits). */
  policies: z.array(
    z.object({
      name: z.string(),
      command: PolicyCommandSchema,
      permissive: z.boolean(),
      roles: z.array(z.string()),
      /** Applies to the caller's role. */
      applies: z.boolean(),
      draft: z.boolean(),
    }),
  ),
  rows: z.array(PolicyTestRowSchema),
  /** Whether the rows tested were pasted rather than the table's own. */
  pasted: z.boolean(),
});
export type PolicyTestResult = z.infer<typeof PolicyTestResultSchema>;

export function createPolicyTestClient(http: Http) {
  return {
    testPolicy: (ref: string, body: PolicyTestRequest) =>
      http('POST', encodePath`/platform/pg-meta/${ref}/policy-test`, { body, schema: PolicyTestResultSchema }),
  };
}
