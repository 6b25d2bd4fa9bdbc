import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { AuthError } from './errors';

// The custom access token hook: a Postgres function of the project (set in the project's auth
// settings as schema.name) called before every access token is signed with
// { user_id, claims, authentication_method }. It answers the event with its `claims` changed, or
// { error: { http_code, message } } to refuse the sign-in (or refresh). It runs as service_role.

/** A hook's name as the settings keep it: two identifiers, schema and function. */
export const HOOK_NAME = /^([A-Za-z_][A-Za-z0-9_$]{0,62})\.([A-Za-z_][A-Za-z0-9_$]{0,62})$/;

/** Claims the token must still carry, and their types, after the hook. */
const REQUIRED: Record<string, 'string' | 'number' | 'boolean'> = {
  iss: 'string',
  aud: 'string',
  exp: 'number',
  iat: 'number',
  sub: 'string',
  role: 'string',
  aal: 'string',
  session_id: 'string',
  email: 'string',
  phone: 'string',
  is_anonymous: 'boolean',
};

const HOOK_TIMEOUT_MS = 2000;

export interface HookEvent {
  user_id: string;
  claims: Record<string, unknown>;
  authentication_method: string;
}

const failed = (name: string, why: string) => new AuthError(500, 'unexpected_failure', `Error running the custom access token hook ${name}: ${why}`);

function quoted(name: string): string | null {
  const m = HOOK_NAME.exec(name);
  return m ? `"${m[1]}"."${m[2]}"` : null;
}

/** The claims to sign: those the hook answered, checked against what every access token must carry. */
export async function runAccessTokenHook(db: Pick<ProjectDatabase, 'query'>, name: string, event: HookEvent): Promise<Record<string, unknown>> {
  const fn = quoted(name);
  if (!fn) throw failed(name, 'the hook is not a schema-qualified function name');
  let out: unknown;
  try {
    // As service_role (never the platform's role of the project, which owns the auth schema), within a short timeout.
    const r = await db.query<{ out: unknown }>(`select ${fn}($1::jsonb) as out`, [JSON.stringify(event)], { role: 'service_role', timeoutMs: HOOK_TIMEOUT_MS });
    out = r.rows[0]?.out;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === '42883' || code === '3F000') throw failed(name, 'there is no such function taking one jsonb argument');
    if (code === '57014') throw failed(name, `it ran longer than ${HOOK_TIMEOUT_MS / 1000} seconds`);
    throw failed(name, 'the function raised an error');
  }
  const answer = typeof out === 'string' ? safeParse(out) : out;
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw failed(name, 'the function must return a jsonb object');
  const { error, claims } = answer as { error?: unknown; claims?: unknown };
  if (error && typeof error === 'object') {
    const e = error as { http_code?: unknown; message?: unknown };
    const status = typeof e.http_code === 'number' && Number.isInteger(e.http_code) && e.http_code >= 400 && e.http_code < 600 ? e.http_code : 400;
    throw new AuthError(status, 'unexpected_failure', typeof e.message === 'string' && e.message ? e.message.slice(0, 500) : 'The custom access token hook refused the sign-in');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw failed(name, 'the output has no claims object');
  const c = claims as Record<string, unknown>;
  const wrong = Object.entries(REQUIRED).filter(([k, t]) => typeof c[k] !== t && !(k === 'aud' && Array.isArray(c[k]))).map(([k]) => k);
  if (wrong.length) throw failed(name, `output claims do not conform to the expected schema (${wrong.join(', ')})`);
  return c;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
