import { PERMISSIONS } from '@plinth/shared-contracts';
import { normalizeExpression, PolicyTestRequestSchema, PolicyTestResultSchema, type PolicyCommand, type PolicyTestResult, type PolicyVerdict } from '@plinth/contracts-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError, type ProjectDatabase, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { ident, userSqlError } from '@plinth/platform-core/common/sql';
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

/**
 * One PL/pgSQL block trying each operation on the sample rows as the caller. Each operation runs
 * once for all rows in a subtransaction that is then undone; when it fails (a WITH CHECK refusal
 * stops the whole statement), it runs again row by row, each in its own subtransaction, so every
 * row gets its own answer. The answer is a JSON array, one object per row, in a setting.
 */
function attemptsBlock(target: string, updateColumn: string | null, insertColumns: string[]): string {
  const undo = "raise exception using errcode = 'PLT01'";
  const cols = insertColumns.map(ident).join(', ');
  const set = updateColumn ? `${ident(updateColumn)} = ${target}.${ident(updateColumn)}` : null;
  // Each statement answers the sample rows it reached, by their ctid before the statement.
  const update = (where: string) =>
    set ? `with done as (update ${target} set ${set} from ${where} where ${target}.ctid = s.t returning s.t) select coalesce(array_agg(t), '{}') into reached from done;` : `raise exception 'The table has no column an update can set';`;
  const remove = (where: string) => `with done as (delete from ${target} using ${where} where ${target}.ctid = s.t returning s.t) select coalesce(array_agg(t), '{}') into reached from done;`;
  // A copy of the row: a duplicate key is skipped, after WITH CHECK has been applied to it.
  const insert = (values: string) =>
    insertColumns.length
      ? `insert into ${target} (${cols}) select ${insertColumns.map((c) => `plinth_new.${ident(c)}`).join(', ')} from ${values} on conflict do nothing; reached := null;`
      : `raise exception 'The table has no column a row can be inserted with';`;
  const op = (name: string, all: string, one: string, refused: string) => `
  begin
    ${all}
    ${undo};
  exception when sqlstate 'PLT01' then
      out := out || jsonb_build_object('${name}', coalesce(to_jsonb(reached::text[]), to_jsonb(ctids::text[])));
    when others then
      ok := '{}'; errs := '{}';
      for i in 1 .. coalesce(array_length(ctids, 1), 0) loop
        c := ctids[i];
        begin
          ${one}
          ${undo};
        exception when sqlstate 'PLT01' then if reached is null or cardinality(reached) > 0 then ok := ok || c; end if;
          when others then ${refused}
        end;
      end loop;
      out := out || jsonb_build_object('${name}', to_jsonb(ok::text[]), '${name}_errors', errs);
  end;`;
  const refusedOnly = `errs := errs || jsonb_build_object(c::text, sqlerrm);`;
  // Only a missing grant or a policy stops an insert before its row is checked; anything later passed WITH CHECK.
  const insertRefused = `if sqlstate = '42501' then errs := errs || jsonb_build_object(c::text, sqlerrm); else ok := ok || c; errs := errs || jsonb_build_object(c::text, sqlerrm); end if;`;
  return `do $plinth_policy_test$
declare
  sample jsonb := current_setting('plinth.policy_test_rows')::jsonb;
  ctids tid[] := array(select (e ->> 'ctid')::tid from jsonb_array_elements(sample) with ordinality as x(e, n) order by n);
  vals jsonb[] := array(select e -> 'values' from jsonb_array_elements(sample) with ordinality as x(e, n) order by n);
  reached tid[];
  ok tid[];
  c tid;
  i int;
  errs jsonb;
  out jsonb := '{}'::jsonb;
begin
  begin
    select coalesce(array_agg(ctid), '{}') into reached from ${target} where ctid = any(ctids);
    out := out || jsonb_build_object('select', to_jsonb(reached::text[]));
  exception when others then out := out || jsonb_build_object('select', '[]'::jsonb, 'select_error', sqlerrm);
  end;
  ${op('update', update('unnest(ctids) as s(t)'), update('(select c) as s(t)'), refusedOnly)}
  ${op('delete', remove('unnest(ctids) as s(t)'), remove('(select c) as s(t)'), refusedOnly)}
  ${op(
    'insert',
    insert(`unnest(vals) as plinth_value cross join lateral jsonb_populate_record(null::${target}, plinth_value) as plinth_new`),
    insert(`jsonb_populate_record(null::${target}, vals[i]) as plinth_new`),
    insertRefused,
  )}
  perform set_config('plinth.policy_test_result', out::text, true);
end
$plinth_policy_test$`;
}

/** What the block answers: per operation the ctids it reached, and per row the error that stopped it. */
interface Attempts {
  select: string[];
  select_error?: string;
  update: string[];
  update_errors?: Record<string, string>;
  delete: string[];
  delete_errors?: Record<string, string>;
  insert: string[];
  insert_errors?: Record<string, string>;
}

/** For each applying permissive policy and expression, which rows (by position) it admits, evaluated as the caller. */
async function admittingRows(tx: Tx, target: string, table: string, policies: TablePolicy[], rowsJson: string): Promise<Map<string, Set<number>>> {
  const admits = new Map<string, Set<number>>();
  const expressions: { key: string; sql: string }[] = [];
  for (const p of policies) {
    if (!p.permissive || !p.applies) continue;
    for (const [kind, expression] of [['using', p.qual], ['check', p.with_check ?? (p.cmd === '*' ? p.qual : null)]] as const) {
      if (!expression) continue;
      admits.set(`${p.name}\u0000${kind}`, new Set());
      expressions.push({ key: `${p.name}\u0000${kind}`, sql: expression });
    }
  }
  if (!expressions.length) return admits;
  const from = `from jsonb_array_elements($1::jsonb) with ordinality as x(plinth_row, plinth_ord)
    cross join lateral jsonb_populate_record(null::${target}, x.plinth_row) as ${ident(table)}`;
  const evaluate = async (list: typeof expressions) => {
    const columns = list.map((e, i) => `coalesce((${e.sql}), false) as e${i}`).join(', ');
    const r = await tx.query<Record<string, unknown>>(`select x.plinth_ord::int as plinth_ord, ${columns} ${from}`, [rowsJson]);
    for (const row of r.rows) list.forEach((e, i) => row[`e${i}`] === true && admits.get(e.key)!.add(Number(row.plinth_ord) - 1));
  };
  // All expressions in one statement; when one of them fails on these rows, each on its own.
  await tx.query('savepoint plinth_policy_eval');
  try {
    await evaluate(expressions);
    await tx.query('release savepoint plinth_policy_eval');
    return admits;
  } catch {
    await tx.query('rollback to savepoint plinth_policy_eval');
  }
  for (const e of expressions) {
    await tx.query('savepoint plinth_policy_eval');
    try {
      await evaluate([e]);
      await tx.query('release savepoint plinth_policy_eval');
    } catch {
      await tx.query('rollback to savepoint plinth_policy_eval');
    }
  }
  return admits;
}

const OPERATION_COMMANDS = { select: 'r', update: 'w', delete: 'd', insert: 'a' } as const;
type Operation = keyof typeof OPERATION_COMMANDS;
const OPERATIONS = Object.keys(OPERATION_COMMANDS) as Operation[];

export async function runPolicyTest(db: ProjectDatabase, body: Request): Promise<PolicyTestResult> {
  const target = `${ident(body.schema)}.${ident(body.table)}`;
  if (body.draft && !acceptsPolicyChanges(body.schema, body.table)) {
    throw new HttpError(403, `${body.schema}.${body.table} is a locked system table: its policies cannot be changed`, 'TABLE_LOCKED');
  }
  // The table, whether RLS is on, and its columns (those an insert may set), in one call.
  const info = await db.query<{ rls: boolean; columns: { name: string; insertable: boolean }[] }>(
    `select c.relrowsecurity as rls, coalesce((select json_agg(json_build_object('name', a.attname, 'insertable', a.attidentity <> 'a' and a.attgenerated = '') order by a.attnum)
       from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [body.schema, body.table],
  );
  if (!info.rows[0]) throw new HttpError(404, `Table not found: ${body.schema}.${body.table}`, 'NOT_FOUND', 'table');
  const rlsEnabled = info.rows[0].rls;
  const columns = typeof info.rows[0].columns === 'string' ? (JSON.parse(info.rows[0].columns) as typeof info.rows[0]['columns']) : info.rows[0].columns;
  const [caller, draft] = await Promise.all([resolveCaller(db, body.caller), draftStatements(db, body, target)]);

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

      await tx.query(`select set_config('plinth.policy_test_rows', $1, true), set_config('request.jwt.claims', $2, true)`, [
        JSON.stringify(sample.map((s) => ({ ctid: s.ctid, values: s.row }))),
        JSON.stringify(caller.claims),
      ]);
      await tx.query(`set local role ${ident(caller.role)}`);
      const admits = await admittingRows(tx, target, body.table, policies, rowsJson);
      const updatable = columns.find((c) => c.insertable)?.name ?? null;
      const insertable = columns.filter((c) => c.insertable).map((c) => c.name);
      const ran = await tx.exec(`${attemptsBlock(target, updatable, insertable)};\nselect current_setting('plinth.policy_test_result') as result`);
      const attempts = JSON.parse(String(ran[ran.length - 1]!.rows[0]!.result)) as Attempts;
      const reached = Object.fromEntries(OPERATIONS.map((op) => [op, new Set(attempts[op])])) as Record<Operation, Set<string>>;

      const admittedBy = (op: Operation, index: number) =>
        policies
          .filter((p) => p.permissive && p.applies && (p.cmd === OPERATION_COMMANDS[op] || p.cmd === '*'))
          .filter((p) => {
            const kind = op === 'insert' ? 'check' : 'using';
            const rows = admits.get(`${p.name}\u0000${kind}`);
            return rows ? rows.has(index) : op === 'update' && !p.qual;
          })
          .map((p) => p.name);
      const verdict = (op: Operation, index: number): PolicyVerdict => {
        const ctid = sample[index]!.ctid;
        const allowed = reached[op].has(ctid);
        const error = (op === 'select' ? attempts.select_error : attempts[`${op}_errors`]?.[ctid]) ?? null;
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
          return { values: s.row, select: verdict('select', i), insert: verdict('insert', i), update: verdict('update', i), delete: verdict('delete', i) };
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

