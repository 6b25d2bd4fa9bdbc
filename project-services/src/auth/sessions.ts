import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { AuthError } from './errors';
import { newRefreshToken, sha256, type Aal, type AmrEntry } from './tokens';
import type { Db } from './users';

// Sessions and their rotating refresh tokens. Each refresh revokes the token used and issues a
// child. A revoked token used again within the reuse interval gets a live token of its own in the
// same session (two tabs refreshing at once); used later, it ends the whole session: someone holds a copy.

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
}

/**
 * Starts a session (aal1, authenticated by `method`) with its first refresh token and marks the
 * user's sign-in, in one statement; answers the user's row as updated.
 */
export async function startSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string; ip?: string },
  method: string,
): Promise<StartedSession & { userRow: Record<string, unknown>; amr: AmrEntry[] }> {
  const refreshToken = newRefreshToken();
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const r = await db.query<Record<string, unknown> & { session_id: string }>(
    `with s as (insert into auth.sessions (user_id, user_agent, ip, amr) values ($1, $2, $3, $5::jsonb) returning id),
          t as (insert into auth.refresh_tokens (token, user_id, session_id) select $4, $1, id from s),
          u as (update auth.users set last_sign_in_at = now() where id = $1 returning *)
     select u.*, s.id as session_id from u, s`,
    [userId, meta.userAgent?.slice(0, 512) ?? null, meta.ip ?? null, sha256(refreshToken), JSON.stringify(amr)],
  );
  const row = r.rows[0];
  if (!row) throw new AuthError(403, 'user_not_found', 'User not found');
  return { sessionId: row.session_id, refreshToken, userRow: row, amr };
}

export interface SessionLevel {
  aal: Aal;
  amr: AmrEntry[];
}

/** A session's assurance level and authentication methods (aal1 and none when it is gone). */
export async function sessionLevel(db: Db, sessionId: string): Promise<SessionLevel> {
  const r = await db.query<{ aal: string; amr: unknown }>('select aal, amr from auth.sessions where id = $1', [sessionId]);
  const row = r.rows[0];
  const amr = typeof row?.amr === 'string' ? JSON.parse(row.amr) : row?.amr;
  return { aal: row?.aal === 'aal2' ? 'aal2' : 'aal1', amr: Array.isArray(amr) ? (amr as AmrEntry[]) : [] };
}

/** Raises a session to aal2 after a factor was verified (`method` added to its amr); answers a new refresh token of it. */
export async function raiseSession(db: Db, userId: string, sessionId: string, method: string): Promise<{ refreshToken: string; level: SessionLevel }> {
  const now = Math.floor(Date.now() / 1000);
  const before = await sessionLevel(db, sessionId);
  const amr = [...before.amr.filter((e) => e.method !== method), { method, timestamp: now }];
  const refreshToken = newRefreshToken();
  await db.query(`update auth.sessions set aal = 'aal2', amr = $2::jsonb, updated_at = now() where id = $1`, [sessionId, JSON.stringify(amr)]);
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [sha256(refreshToken), userId, sessionId]);
  return { refreshToken, level: { aal: 'aal2', amr } };
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const r = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return r.rows.length > 0;
}

/** Ends sessions of a user: all of them, only `sessionId`, or all others than `sessionId`. */
export async function endSessions(db: Db, userId: string, scope: 'global' | 'local' | 'others', sessionId: string | null): Promise<void> {
  if (scope === 'global') await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local') await db.query('delete from auth.sessions where user_id = $1 and id = $2', [userId, sessionId]);
  else await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [userId, sessionId]);
}

interface TokenRow {
  id: string | number;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  revoked_ms_ago: string | number;
}

const notFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * Exchanges a refresh token for its successor, in one transaction. Answers the user and session it
 * belongs to and the new token (or, within the reuse interval, the session's current one).
 */
export async function rotateRefreshToken(db: ProjectDatabase, token: string, reuseSeconds: number): Promise<{ userId: string; sessionId: string; refreshToken: string }> {
  const outcome = await db.transaction(async (tx) => {
    const r = await tx.query<TokenRow>(
      `select id, token, user_id, session_id, revoked, extract(epoch from (now() - updated_at)) * 1000 as revoked_ms_ago
       from auth.refresh_tokens where token = $1 for update`,
      [sha256(token)],
    );
    const row = r.rows[0];
    if (!row) return { error: notFound() };
    if (!row.revoked) {
      const next = newRefreshToken();
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [sha256(next), row.user_id, row.session_id, row.token]);
      await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
      return { userId: row.user_id, sessionId: row.session_id, refreshToken: next };
    }
    if (Number(row.revoked_ms_ago) < reuseSeconds * 1000) {
      // Used again just after its rotation (two tabs refreshing at once): the session gets a second
      // live token for this caller (plain tokens are not kept, so the first caller's cannot be answered).
      const again = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [sha256(again), row.user_id, row.session_id, row.token]);
      return { userId: row.user_id, sessionId: row.session_id, refreshToken: again };
    }
    await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
    return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome;
}
