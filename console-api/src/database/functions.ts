import { randomBytes } from 'node:crypto';
import type { DatabaseFunction, DatabaseFunctionWrite } from '@plinth/contracts-database';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { AS_USER, asUserSql, ident } from '@plinth/platform-core/common/sql';
import { assertChangeable, isProtectedSchema, notFound, NOT_INTERNAL, type Db } from './catalog-objects';

// Database functions: list, create, replace and drop. Argument and return types are resolved by
// the catalog (`$1::regtype`), names are quoted, and the body is dollar-quoted under a tag it
// does not contain, so nothing the user types is read as SQL outside the body.

const SELECT = `
select p.oid::int as id, n.nspname::text as schema, p.proname::text as name, pg_get_function_arguments(p.oid) as arguments,
  pg_get_function_result(p.oid) as returns, l.lanname::text as language, p.prosrc as definition, p.prosecdef as "securityDefiner"
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
where p.prokind in ('f', 'p') and ${NOT_INTERNAL('n.nspname')}
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

const withFlag = (f: Omit<DatabaseFunction, 'protected'>): DatabaseFunction => ({ ...f, protected: isProtectedSchema(f.schema) });

export async function listFunctions(db: Db, schema?: string): Promise<DatabaseFunction[]> {
  const r = await db.query<Omit<DatabaseFunction, 'protected'>>(`${SELECT} and ($1::text is null or n.nspname = $1) order by n.nspname, p.proname, p.oid`, [schema ?? null]);
  return r.rows.map(withFlag);
}

export async function findFunction(db: Db, id: number): Promise<DatabaseFunction> {
  const row = (await db.query<Omit<DatabaseFunction, 'protected'>>(`${SELECT} and p.oid = $1::oid`, [id])).rows[0];
  return row ? withFlag(row) : notFound('Function');
}

/** A type name as the catalog spells it, or a 400 naming the field. */
async function resolveType(db: Db, type: string, field: string): Promise<string> {
  try {
    const r = await db.query<{ t: string }>(`select format_type($1::regtype::oid, null) as t`, [type]);
    return r.rows[0]!.t;
  } catch (err) {
    throw new HttpError(400, `${field}: ${(err as Error).message}`, 'INVALID_TYPE', field);
  }
}

function dollarQuote(body: string): string {
  let tag: string;
  do tag = `$fn_${randomBytes(4).toString('hex')}$`;
  while (body.includes(tag));
  return `${tag}${body}${tag}`;
}

/** The CREATE statement for a function written on the functions page. */
export async function functionSql(db: Db, f: DatabaseFunctionWrite, replace: boolean): Promise<string> {
  const args: string[] = [];
  for (const [i, a] of f.args.entries()) {
    const type = await resolveType(db, a.type, `args.${i}.type`);
    args.push(a.name?.trim() ? `${ident(a.name.trim())} ${type}` : type);
  }
  const setOf = /^setof\s+/i.exec(f.returns);
  const returns = (setOf ? 'setof ' : '') + (await resolveType(db, f.returns.slice(setOf?.[0].length ?? 0), 'returns'));
  return `create ${replace ? 'or replace ' : ''}function ${ident(f.schema)}.${ident(f.name)}(${args.join(', ')}) returns ${returns}
  language ${f.language}${f.securityDefiner ? ' security definer' : ''} as ${dollarQuote(f.definition)}`;
}

async function byName(db: Db, schema: string, name: string): Promise<DatabaseFunction> {
  const r = await db.query<Omit<DatabaseFunction, 'protected'>>(`${SELECT} and n.nspname = $1 and p.proname = $2 order by p.oid desc limit 1`, [schema, name]);
  return r.rows[0] ? withFlag(r.rows[0]) : notFound('Function');
}

export async function createFunction(db: Db, f: DatabaseFunctionWrite): Promise<DatabaseFunction> {
  assertChangeable(f.schema);
  const sql = await functionSql(db, f, false);
  await asUserSql(() => db.query(sql, [], AS_USER));
  return byName(db, f.schema, f.name);
}

/** The argument types of a written function, resolved by the catalog. */
async function argTypes(db: Db, f: DatabaseFunctionWrite): Promise<string[]> {
  const types: string[] = [];
  for (const [i, a] of f.args.entries()) types.push(await resolveType(db, a.type, `args.${i}.type`));
  return types;
}

/** Replaces a function: in place when its name and argument types stay, else drop and create in one transaction. */
export async function updateFunction(db: ProjectDatabase, id: number, f: DatabaseFunctionWrite): Promise<DatabaseFunction> {
  const old = await findFunction(db, id);
  assertChangeable(old.schema);
  assertChangeable(f.schema);
  const sql = await functionSql(db, f, true);
  const signature = `${ident(f.schema)}.${ident(f.name)}(${(await argTypes(db, f)).join(', ')})`;
  const oldArgs = await oldIdentity(db, id);
  const same = await db.query<{ id: number | null }>(`select to_regprocedure($1)::oid::int as id`, [signature]);
  const drop = same.rows[0]?.id !== id ? `drop function ${ident(old.schema)}.${ident(old.name)}(${oldArgs});\n` : '';
  // One string, so one implicit transaction: the old function stays if the new one is refused.
  await asUserSql(() => db.exec(`${drop}${sql}`, AS_USER));
  return byName(db, f.schema, f.name);
}

async function oldIdentity(db: Db, id: number): Promise<string> {
  return (await db.query<{ a: string }>(`select pg_get_function_identity_arguments($1::oid) as a`, [id])).rows[0]!.a;
}

export async function dropFunction(db: Db, id: number): Promise<DatabaseFunction> {
  const f = await findFunction(db, id);
  assertChangeable(f.schema);
  const args = await oldIdentity(db, id);
  await asUserSql(() => db.query(`drop function ${ident(f.schema)}.${ident(f.name)}(${args})`, [], AS_USER));
  return f;
}
