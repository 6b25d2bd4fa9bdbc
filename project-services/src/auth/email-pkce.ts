import { randomBytes } from 'node:crypto';
import type { AuthContext } from './context';
import type { PkceChallenge } from './oauth';
import { sha256 } from './tokens';

// Email flows under PKCE (supabase-js with flowType 'pkce': signUp, signInWithOtp,
// resetPasswordForEmail send code_challenge and code_challenge_method). The challenge is kept beside
// the email's token, one per user and token type; the email's link then ends at redirect_to with
// ?code=… instead of a session in the fragment, and the app exchanges that code with its verifier
// (exchangeCodeForSession, POST /token?grant_type=pkce). An email sent without a challenge drops
// any challenge kept for that token type, so an older PKCE request never captures a later link.

/** How long a kept challenge lasts: as long as the longest email link (24 hours). */
const FLOW_HOURS = 24;

const flowType = (emailTokenType: string) => `pkce:${emailTokenType}`;

/** Keeps (or, without a challenge, drops) the PKCE challenge of the email just sent with this token type. */
export async function rememberEmailPkce(ctx: AuthContext, userId: string, emailTokenType: string, pkce: PkceChallenge | null): Promise<void> {
  if (!pkce) {
    await ctx.db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, flowType(emailTokenType)]);
    return;
  }
  await ctx.db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [userId, flowType(emailTokenType), sha256(randomBytes(24).toString('base64url')), JSON.stringify(pkce)],
  );
}

/** The PKCE challenge kept for the email token just verified (used up), or null for an implicit flow. */
export async function takeEmailPkce(ctx: AuthContext, userId: string, emailTokenType: string): Promise<PkceChallenge | null> {
  const r = await ctx.db.query<{ relates_to: string; fresh: boolean }>(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2
     returning relates_to, created_at > now() - make_interval(hours => $3) as fresh`,
    [userId, flowType(emailTokenType), FLOW_HOURS],
  );
  const row = r.rows[0];
  return row?.fresh ? (JSON.parse(row.relates_to) as PkceChallenge) : null;
}
