import {
  normalizeExpression,
  PERMISSIONS,
  PolicyTestRequestSchema,
  PolicyTestResultSchema,
  type PolicyCommand,
  type PolicyTestResult,
  type PolicyVerdict,
} from '@plinth/shared-contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError, type ProjectDatabase, type RouteModule } from '../../core/deps';
import { RefParamsSchema } from '../common/http';
import { ident, userSqlError } from '../common/sql';
import { acceptsPolicyChanges, findPolicy } from './catalog';
import { assertPolicyStatement, parseExpression } from './policy-expressions';

// The policy tester: in one transaction that is always rolled back, the draft policy is applied
// (in place of the policy it edits), the caller's role and JWT claims are taken, and for each
// sample row the real SELECT, UPDATE, DELETE and INSERT run as that caller (one PL/pgSQL block,
// each statement in its own subtransaction). Which permissive policy admitted a row is found by
// evaluating each policy's expression on the row, as the caller. Nothing is ever committed.

type Request = z.output<typeof PolicyTestRequestSchema>;
type Tx = Pick<ProjectDatabase, 'query' | 'exec'>;

const COMMAND_OF: Record<string, PolicyCommand> = { r: 'SELECT', a: 'INSERT', w: 'UPDATE', d: 'DELETE', '*': 'ALL' };

interface Caller {
  role: 'anon' | 'authenticated';
  claims: Record<string, unknown>;
}

interface TablePolicy {
  name: string;
  cmd: string;
  permissive: boolean;
  roles: string[];
  qual: string | null;
  with_check: string | null;
  applies: boolean;
}

interface RowOutcome {
  select: boolean;
  select_error: string | null;
  update: boolean;
  update_error: string | null;
  delete: boolean;
  delete_error: string | null;
  insert: boolean;
  insert_error: string | null;
}

/** Thrown at the end of the test so that the transaction rolls back (the answer is kept aside). */
const ROLL_BACK = 'The policy test rolls back';

async function resolveCaller(db: ProjectDatabase, caller: Request['caller']): Promise<Caller> {
  if (caller.kind === 'anon') return { role: 'anon', claims: { role: 'anon' } };
  if (caller.kind === 'authenticated') return { role: 'authenticated', claims: { aud: 'authenticated', ...caller.claims, role: 'authenticated' } };
  const found = await db.query<{ id: string; email: string | null; aud: string; app: unknown; meta: unknown; is_anonymous: boolean }>(
    'select id::text as id, email, aud, raw_app_meta_data as app, raw_user_meta_data as meta, is_anonymous from auth.users where id = $1',
    [caller.userId],
  );
  const user = found.rows[0];
  if (!user) throw new HttpError(404, `User not found: ${caller.userId}`, 'NOT_FOUND', 'caller.userId');
  return {
    role: 'authenticated',
    claims: { sub: user.id, email: user.email, aud: user.aud, role: 'authenticated', app_metadata: user.app, user_metadata: user.meta, is_anonymous: user.is_anonymous },
  };
}

const rolesClause = (roles: string[]) => {
  const list = roles.filter((r) => r !== 'public');
  return list.length ? list.map(ident).join(', ') : 'public';
};

/** The statements that put the draft in place: the policy it edits is dropped first (rolled back later). */
async function draftStatements(db: ProjectDatabase, body: Request, target: string): Promise<string[]> {
  const draft = body.draft;
  if (!draft) return [];
  const out: string[] = [];
  if (draft.id !== undefined) {
    const current = await findPolicy(db, draft.id);
    if (!current || current.schema !== body.schema || current.table !== body.table) {
      throw new HttpError(404, `Policy not found: ${draft.id}`, 'NOT_FOUND', 'draft.id');
    }
    out.push(`drop policy ${ident(current.name)} on ${target}`);
  }
  const using = normalizeExpression(draft.definition);
  const check = normalizeExpression(draft.check);
  const usingTree = using ? await parseExpression(using, 'draft.definition') : null;
  const checkTree = check ? await parseExpression(check, 'draft.check') : null;
  const create = [
    `create policy ${ident(draft.name)} on ${target} as permissive for ${draft.command} to ${rolesClause(draft.roles)}`,
    using ? `using (${using})` : '',
    check ? `with check (${check})` : '',
  ].join(' ');
  await assertPolicyStatement(create, 'CreatePolicyStmt', usingTree, checkTree);
  out.push(create);
  return out;
}

/** One PL/pgSQL block trying each operation on each row as the caller, every attempt undone by its own subtransaction. */
function attemptsBlock(target: string, updateColumn: string | null, insertColumns: string[]): string {
  const undo = "raise exception using errcode = 'PLT01', message = n::text";
  const cols = insertColumns.map(ident).join(', ');
  const insert = insertColumns.length
    ? `insert into ${target} (${cols}) select ${cols} from jsonb_populate_record(null::${target}, r.plinth_row -> 'values'); n := 1; ${undo};`
    : `raise exception 'The table has no column a row can be inserted with';`;
  const update = updateColumn
    ? `update ${target} set ${ident(updateColumn)} = ${ident(updateColumn)} where ctid = r.plinth_ctid; get diagnostics n = row_count; ${undo};`
    : `raise exception 'The table has no column an update can set';`;
  return `do $plinth_policy_test$
declare
  r record;
  n bigint;
  o jsonb;
  out jsonb := '[]'::jsonb;
begin
  for r in select x.value as plinth_row, (x.value ->> 'ctid')::tid as plinth_ctid
      from jsonb_array_elements(current_setting('plinth.policy_test_rows')::jsonb) as x loop
    o := '{}'::jsonb;
    begin
      perform 1 from ${target} where ctid = r.plinth_ctid;
      o := o || jsonb_build_object('select', found);
    exception when others then o := o || jsonb_build_object('select', false, 'select_error', sqlerrm);
    end;
    begin
      ${update}
    exception when sqlstate 'PLT01' then o := o || jsonb_build_object('update', sqlerrm::bigint > 0);
      when others then o := o || jsonb_build_object('update', false, 'update_error', sqlerrm);
    end;
    begin
      delete from ${target} where ctid = r.plinth_ctid; get diagnostics n = row_count; ${undo};
    exception when sqlstate 'PLT01' then o := o || jsonb_build_object('delete', sqlerrm::bigint > 0);
      when others then o := o || jsonb_build_object('delete', false, 'delete_error', sqlerrm);
    end;
    begin
      ${insert}
    exception when sqlstate 'PLT01' then o := o || jsonb_build_object('insert', true);
      -- Refused by a policy or a missing grant; any later error (a duplicate key, a constraint)
      -- comes after WITH CHECK has passed.
      when insufficient_privilege then o := o || jsonb_build_object('insert', false, 'insert_error', sqlerrm);
      when others then o := o || jsonb_build_object('insert', true, 'insert_error', sqlerrm);
    end;
    out := out || jsonb_build_array(o);
  end loop;
  perform set_config('plinth.policy_test_result', out::text, true);
end
$plinth_policy_test$`;
}

/** For each applying permissive policy and expression, which rows (by position) it admits, evaluated as the caller. */
async function admittingRows(tx: Tx, target: string, table: string, policies: TablePolicy[], rowsJson: string): Promise<Map<string, Set<number>>> {
  const admits = new Map<string, Set<number>>();
  for (const p of policies) {
    if (!p.permissive || !p.applies) continue;
    for (const [kind, expression] of [['using', p.qual], ['check', p.with_check ?? (p.cmd === '*' ? p.qual : null)]] as const) {
      if (!expression) continue;
      const rows = new Set<number>();
      admits.set(`${p.name}\u0000${kind}`, rows);
      await tx.query('savepoint plinth_policy_eval');
      try {
        const r = await tx.query<{ ord: number }>(
          `select x.plinth_ord::int as ord from jsonb_array_elements($1::jsonb) with ordinality as x(plinth_row, plinth_ord)
           cross join lateral jsonb_populate_record(null::${target}, x.plinth_row) as ${ident(table)} where coalesce((${expression}), false)`,
          [rowsJson],
        );
        for (const row of r.rows) rows.add(Number(row.ord) - 1);
        await tx.query('release savepoint plinth_policy_eval');
      } catch {
        await tx.query('rollback to savepoint plinth_policy_eval');
      }
    }
  }
  return admits;
}

const OPERATION_COMMANDS = { select: 'r', update: 'w', delete: 'd', insert: 'a' } as const;

export async function runPolicyTest(db: ProjectDatabase, body: Request): Promise<PolicyTestResult> {
  const target = `${ident(body.schema)}.${ident(body.table)}`;
  if (body.draft && !acceptsPolicyChanges(body.schema, body.table)) {
    throw new HttpError(403, `${body.schema}.${body.table} is a locked system table: its policies cannot be changed`, 'TABLE_LOCKED');
  }
  const info = await db.query<{ rls: boolean }>(
    `select c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [body.schema, body.table],
  );
  if (!info.rows[0]) throw new HttpError(404, `Table not found: ${body.schema}.${body.table}`, 'NOT_FOUND', 'table');
  const rlsEnabled = info.rows[0].rls;
  const columns = (
    await db.query<{ name: string; insertable: boolean }>(
      `select a.attname::text as name, a.attidentity <> 'a' and a.attgenerated = '' as insertable from pg_attribute a
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [target],
    )
  ).rows;
  const caller = await resolveCaller(db, body.caller);
  const draft = await draftStatements(db, body, target);

  let result: PolicyTestResult | null = null;
  try {
    await db.transaction(async (tx) => {
      // The project's own role (its tables' owner) runs the test, so it can take the caller's role.
      await tx.query('set local role none');
      if (!rlsEnabled) await tx.query(`alter table ${target} enable row level security`);
      for (const statement of draft) await tx.query(statement);
      const policies = (
        await tx.query<TablePolicy>(
          `select p.polname::text as name, p.polcmd::text as cmd, p.polpermissive as permissive,
             array(select 'public' where 0 = any(p.polroles) union all select r.rolname::text from pg_roles r where r.oid = any(p.polroles)) as roles,
             pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as with_check,
             0 = any(p.polroles) or exists (select 1 from unnest(p.polroles) g where pg_has_role($2::name, g, 'member')) as applies
           from pg_policy p where p.polrelid = $1::regclass order by p.polname`,
          [target, caller.role],
        )
      ).rows;

      let sample: { ctid: string; row: Record<string, unknown> }[];
      if (body.rows) {
        const known = new Set(columns.filter((c) => c.insertable).map((c) => c.name));
        const named = [...new Set(body.rows.flatMap((r) => Object.keys(r)))].filter((k) => known.has(k));
        if (body.rows.length && !named.length) throw new HttpError(400, `The pasted rows name none of the columns of ${body.schema}.${body.table}`, 'VALIDATION', 'rows');
        const cols = named.map(ident).join(', ');
        sample = body.rows.length
          ? (
              await tx.query<{ ctid: string; row: Record<string, unknown> }>(
                `insert into ${target} as plinth_row (${cols}) select ${cols} from jsonb_populate_recordset(null::${target}, $1::jsonb)
                 returning ctid::text as ctid, to_jsonb(plinth_row.*) as row`,
                [JSON.stringify(body.rows)],
              )
            ).rows
          : [];
      } else {
        sample = (
          await tx.query<{ ctid: string; row: Record<string, unknown> }>(
            `select ctid::text as ctid, to_jsonb(plinth_row.*) as row from ${target} as plinth_row limit $1`,
            [body.limit],
          )
        ).rows;
      }
      const rowsJson = JSON.stringify(sample.map((s) => s.row));

      await tx.query(`select set_config('plinth.policy_test_rows', $1, true)`, [JSON.stringify(sample.map((s) => ({ ctid: s.ctid, values: s.row })))]);
      await tx.query(`set local role ${ident(caller.role)}`);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(caller.claims)]);
      const admits = await admittingRows(tx, target, body.table, policies, rowsJson);
      const updatable = columns.find((c) => c.insertable)?.name ?? null;
      const insertable = columns.filter((c) => c.insertable).map((c) => c.name);
      await tx.exec(attemptsBlock(target, updatable, insertable));
      const outcome = await tx.query<{ result: string }>(`select current_setting('plinth.policy_test_result') as result`);
      const outcomes = JSON.parse(outcome.rows[0]!.result) as Partial<RowOutcome>[];

      const admittedBy = (op: keyof typeof OPERATION_COMMANDS, index: number) =>
        policies
          .filter((p) => p.permissive && p.applies && (p.cmd === OPERATION_COMMANDS[op] || p.cmd === '*'))
          .filter((p) => {
            const kind = op === 'insert' ? 'check' : 'using';
            const rows = admits.get(`${p.name}\u0000${kind}`);
            return rows ? rows.has(index) : op === 'update' && !p.qual;
          })
          .map((p) => p.name);
      const verdict = (op: keyof typeof OPERATION_COMMANDS, o: Partial<RowOutcome>, index: number): PolicyVerdict => {
        const allowed = Boolean(o[op]);
        const error = (o[`${op}_error` as keyof RowOutcome] as string | undefined) ?? null;
        const by = admittedBy(op, index);
        const reason = error ?? (allowed ? null : `No ${op.toUpperCase()} policy for ${caller.role} admits this row`);
        return { allowed, admittedBy: allowed ? by : [], reason };
      };
      result = {
        rlsEnabled,
        role: caller.role,
        claims: caller.claims,
        columns: columns.map((c) => c.name),
        policies: policies.map((p) => ({
          name: p.name,
          command: COMMAND_OF[p.cmd] ?? 'ALL',
          permissive: p.permissive,
          roles: p.roles,
          applies: p.applies,
          draft: body.draft?.name === p.name,
        })),
        rows: sample.map((s, i) => {
          const o = outcomes[i] ?? {};
          return { values: s.row, select: verdict('select', o, i), insert: verdict('insert', o, i), update: verdict('update', o, i), delete: verdict('delete', o, i) };
        }),
        pasted: Boolean(body.rows),
      };
      throw new Error(ROLL_BACK);
    });
  } catch (err) {
    if (result) return result;
    if (err instanceof HttpError) throw err;
    throw userSqlError(err);
  }
  throw new Error('The policy test ended without rolling back');
}

/** POST /platform/pg-meta/{ref}/policy-test: needs the permission to change policies. */
export const policyTestRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/platform/pg-meta/:ref/policy-test',
    { schema: { params: RefParamsSchema, body: PolicyTestRequestSchema, response: { 200: PolicyTestResultSchema } } },
    async (req) => {
      await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
      return runPolicyTest(await deps.databases.get(req.params.ref), req.body);
    },
  );
};

