import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ControlDatabase } from './core-types';
import { hashToken } from './token-hash';

// CSRF tokens the server alone can make: nonce.mac, where mac is an HMAC under a server secret of
// the nonce and what the token is bound to (the session token's hash when signed in, "anonymous"
// before). A token chosen by the client, or one minted for another session, does not verify.

/** The named secret of this server, made once and kept in the control database so restarts keep it. */
export async function loadServerSecret(control: ControlDatabase, name: string): Promise<Buffer> {
  await control.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, randomBytes(32).toString('base64url')]);
  const r = await control.query<{ value: string }>('select value from server_secrets where name = $1', [name]);
  return Buffer.from(r.rows[0]!.value, 'base64url');
}

const TOKEN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

export class CsrfTokens {
  constructor(private readonly secret: Buffer) {}

  private mac(nonce: string, sessionToken: string | undefined): string {
    const binding = sessionToken ? `session:${hashToken(sessionToken)}` : 'anonymous';
    return createHmac('sha256', this.secret).update(`${binding}|${nonce}`).digest('base64url');
  }

  /** A new token bound to this session token (or to no session). */
  mint(sessionToken: string | undefined): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.mac(nonce, sessionToken)}`;
  }

  /** Whether this token was minted by this server for this session token (or for no session). */
  verify(token: string | undefined, sessionToken: string | undefined): boolean {
    const m = token ? TOKEN.exec(token) : null;
    if (!m) return false;
    const expected = Buffer.from(this.mac(m[1]!, sessionToken));
    const given = Buffer.from(m[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
