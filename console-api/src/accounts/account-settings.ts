import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import nodemailer from 'nodemailer';
import type { AccessToken, ChangePasswordBody, CreateAccessTokenBody, CreatedAccessToken } from '@plinth/contracts-billing';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';
import { ACCESS_TOKEN_PREFIX, type AccessRegistry, hashToken } from '@plinth/platform-core/access';

const DAY_MS = 86_400_000;
/** How long the link of an e-mail change works. */
export const EMAIL_CHANGE_TTL_MS = DAY_MS;
export const MAX_ACCESS_TOKENS = 100;

export interface AccountEmail {
  to: string;
  kind: 'email_change';
  subject: string;
  body: string;
  link: string;
}

/** The platform's mail transport for account e-mails: SMTP when PLINTH_SMTP_URL is set, else the control database's account outbox. */
export interface AccountMailer {
  send(mail: AccountEmail): Promise<void>;
}

export function createAccountMailer(control: Pick<ControlDatabase, 'query'>, smtpUrl: string | null, from: string): AccountMailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
        return;
      }
      await control.query('insert into account_outbox (to_email, kind, subject, body, link) values ($1, $2, $3, $4, $5)', [mail.to, mail.kind, mail.subject, mail.body, mail.link]);
    },
  };
}

interface TokenRow {
  id: string;
  name: string;
  token_alias: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toToken = (r: TokenRow): AccessToken => ({
  id: r.id,
  name: r.name,
  token_alias: r.token_alias,
  created_at: new Date(r.created_at).toISOString(),
  expires_at: iso(r.expires_at),
  last_used_at: iso(r.last_used_at),
});

/**
 * Personal access tokens (kept as their SHA-256: the token is shown once, at creation), the e-mail
 * change confirmed by a link sent to the new address, and the password change.
 */
export class AccountSettingsService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
    private readonly mailer: AccountMailer,
  ) {}

  async listTokens(userId: string): Promise<AccessToken[]> {
    const r = await this.control.query<TokenRow>(
      'select id, name, token_alias, created_at, expires_at, last_used_at from access_tokens where user_id = $1 and revoked_at is null order by created_at desc, id',
      [userId],
    );
    return r.rows.map(toToken);
  }

  async createToken(userId: string, body: CreateAccessTokenBody, now = new Date()): Promise<CreatedAccessToken> {
    const count = await this.control.query<{ n: string | number }>('select count(*) as n from access_tokens where user_id = $1 and revoked_at is null', [userId]);
    if (Number(count.rows[0]?.n ?? 0) >= MAX_ACCESS_TOKENS) throw new HttpError(409, `You can have at most ${MAX_ACCESS_TOKENS} access tokens: revoke one first`, 'TOO_MANY_ACCESS_TOKENS');
    const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const alias = `${token.slice(0, ACCESS_TOKEN_PREFIX.length + 4)}…${token.slice(-4)}`;
    const id = randomUUID();
    const expiresAt = body.expires_in_days === null ? null : new Date(now.getTime() + body.expires_in_days * DAY_MS);
    const r = await this.control.query<TokenRow>(
      `insert into access_tokens (id, user_id, name, token_hash, token_alias, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
       returning id, name, token_alias, created_at, expires_at, last_used_at`,
      [id, userId, body.name, hashToken(token), alias, now, expiresAt],
    );
    return { ...toToken(r.rows[0]!), token };
  }

  async revokeToken(userId: string, id: string): Promise<void> {
    const r = await this.control.query('update access_tokens set revoked_at = now() where id::text = $1 and user_id = $2 and revoked_at is null returning id', [id, userId]);
    if (!r.rows.length) throw new HttpError(404, `Access token not found: ${id}`, 'ACCESS_TOKEN_NOT_FOUND');
  }

  /** Sends a confirmation link to the new address; the address changes when the link is followed. */
  async requestEmailChange(userId: string, newEmail: string, linkBase: string): Promise<{ new_email: string }> {
    const taken = await this.control.query<{ id: string }>('select id from users where email = $1', [newEmail]);
    if (taken.rows[0]?.id === userId) throw new HttpError(400, 'This is already your e-mail address', 'SAME_EMAIL', 'email');
    if (taken.rows.length) throw new HttpError(409, 'An account with this email already exists', 'EMAIL_TAKEN', 'email');
    const token = randomBytes(32).toString('base64url');
    // One pending change at a time: a new request replaces the link of the last.
    await this.control.query('delete from email_changes where user_id = $1 and confirmed_at is null', [userId]);
    await this.control.query('insert into email_changes (token_hash, user_id, new_email, expires_at) values ($1, $2, $3, $4)', [
      hashToken(token),
      userId,
      newEmail,
      new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    ]);
    const link = `${linkBase}/account/me?confirm_email=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: newEmail,
      kind: 'email_change',
      subject: 'Confirm your new e-mail address',
      body: `Follow this link to make ${newEmail} the e-mail address of your Plinth account:\n\n${link}\n\nThe link works for 24 hours. If you did not ask for this change, ignore this e-mail.`,
      link,
    });
    return { new_email: newEmail };
  }

  async confirmEmailChange(userId: string, token: string): Promise<{ primary_email: string }> {
    const r = await this.control.query<{ new_email: string; expires_at: Date | string; confirmed_at: Date | string | null }>(
      'select new_email, expires_at, confirmed_at from email_changes where token_hash = $1 and user_id = $2',
      [hashToken(token), userId],
    );
    const row = r.rows[0];
    if (!row || row.confirmed_at) throw new HttpError(400, 'This confirmation link is not valid: ask for a new one from Preferences', 'EMAIL_CHANGE_INVALID');
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new HttpError(400, 'This confirmation link has expired: ask for a new one from Preferences', 'EMAIL_CHANGE_EXPIRED');
    const taken = await this.control.query('select 1 from users where email = $1 and id <> $2', [row.new_email, userId]);
    if (taken.rows.length) throw new HttpError(409, 'An account with this email already exists', 'EMAIL_TAKEN');
    await this.control.query('update users set email = $1 where id = $2', [row.new_email, userId]);
    await this.control.query('update email_changes set confirmed_at = now() where token_hash = $1', [hashToken(token)]);
    this.access.invalidateUserSessions(userId);
    return { primary_email: row.new_email };
  }

  /** Needs the current password; ends the user's other sessions (this one stays). */
  async changePassword(userId: string, body: ChangePasswordBody, keepSessionHash: string): Promise<void> {
    const r = await this.control.query<{ password_hash: string }>('select password_hash from users where id = $1', [userId]);
    const row = r.rows[0];
    if (!row || !(await verify(row.password_hash, body.current_password))) {
      throw new HttpError(400, 'Current password is incorrect', 'INVALID_CURRENT_PASSWORD', 'current_password');
    }
    await this.control.query('update users set password_hash = $1 where id = $2', [await hash(body.new_password), userId]);
    await this.control.query('delete from sessions where user_id = $1 and token_hash <> $2', [userId, keepSessionHash]);
    this.access.invalidateUserSessions(userId);
  }
}
