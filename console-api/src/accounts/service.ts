import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import * as OTPAuth from 'otpauth';
import type { Factor, MfaAssurance, Profile, SignUpBody, UpdateProfileBody } from '@plinth/shared-contracts';
import type { AuthenticatedUser, ControlDatabase } from '@plinth/platform-core/deps';
import { HttpError } from '@plinth/platform-core/deps';
import { type AccessRegistry, hashToken } from '@plinth/platform-core/access';
import { AuthRateLimits, assertWithinLimits, DEFAULT_AUTH_LIMITS, type AuthLimits } from '@plinth/platform-core/rate-limit';

export const ISSUER = 'Plinth';

interface UserRow {
  id: string;
  email: string;
  username: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}

/** Accounts, sessions and TOTP factors. */
export class AuthService {
  readonly limits: AuthRateLimits;

  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
    private readonly sessionTtlMs: number,
    limits: AuthLimits = DEFAULT_AUTH_LIMITS,
  ) {
    this.limits = new AuthRateLimits(control, limits);
  }

  private async uniqueUsername(base: string): Promise<string> {
    const clean = base.replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 40) || 'user';
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? clean : `${clean}${Math.floor(Math.random() * 10_000)}`;
      const r = await this.control.query('select 1 from users where username = $1', [candidate]);
      if (!r.rows.length) return candidate;
    }
    return `${clean}-${randomBytes(4).toString('hex')}`;
  }

  async signUp(body: SignUpBody): Promise<AuthenticatedUser> {
    const existing = await this.control.query('select 1 from users where email = $1', [body.email]);
    if (existing.rows.length) throw new HttpError(409, 'An account with this email already exists', 'EMAIL_TAKEN');
    if (body.username) {
      const taken = await this.control.query('select 1 from users where username = $1', [body.username]);
      if (taken.rows.length) throw new HttpError(409, 'This username is taken', 'USERNAME_TAKEN');
    }
    const username = body.username ?? (await this.uniqueUsername(body.email.split('@')[0] ?? 'user'));
    const id = randomUUID();
    const passwordHash = await hash(body.password);
    await this.control.query('insert into users (id, email, username, password_hash) values ($1, $2, $3, $4)', [id, body.email, username, passwordHash]);
    return { id, email: body.email, username };
  }

  /** Checks the password; answers the user or null. Rate limiting is the caller's. */
  async checkPassword(email: string, password: string): Promise<AuthenticatedUser | null> {
    const r = await this.control.query<UserRow>('select id, email, username, password_hash from users where email = $1', [email]);
    const row = r.rows[0];
    if (!row) {
      await hash(password); // same work either way: timing does not reveal which emails exist
      return null;
    }
    return (await verify(row.password_hash, password)) ? { id: row.id, email: row.email, username: row.username } : null;
  }

  async hasVerifiedFactor(userId: string): Promise<boolean> {
    const r = await this.control.query(`select 1 from mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId]);
    return r.rows.length > 0;
  }

  /** Starts a session; answers its token (for the cookie) and its assurance level. */
  async createSession(user: AuthenticatedUser): Promise<{ token: string; aal: MfaAssurance }> {
    const token = randomBytes(32).toString('base64url');
    const next = (await this.hasVerifiedFactor(user.id)) ? 'aal2' : 'aal1';
    const aal: MfaAssurance = { currentLevel: 'aal1', nextLevel: next };
    await this.control.query('insert into sessions (token_hash, user_id, current_aal, next_aal, expires_at) values ($1, $2, $3, $4, $5)', [
      hashToken(token),
      user.id,
      aal.currentLevel,
      aal.nextLevel,
      new Date(Date.now() + this.sessionTtlMs),
    ]);
    return { token, aal };
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.control.query('delete from sessions where token_hash = $1', [tokenHash]);
    this.access.invalidateSession(tokenHash);
  }

  async listFactors(userId: string): Promise<Factor[]> {
    const r = await this.control.query<{ id: string; friendly_name: string | null; status: 'verified' | 'unverified'; created_at: Date }>(
      'select id, friendly_name, status, created_at from mfa_factors where user_id = $1 order by created_at',
      [userId],
    );
    return r.rows.map((f) => ({ id: f.id, friendly_name: f.friendly_name, factor_type: 'totp', status: f.status, created_at: new Date(f.created_at).toISOString() }));
  }

  async enrolFactor(user: AuthenticatedUser, friendlyName: string | undefined) {
    const count = await this.control.query('select 1 from mfa_factors where user_id = $1', [user.id]);
    if (count.rows.length >= 10) throw new HttpError(409, 'You can have at most 10 authenticator factors', 'TOO_MANY_FACTORS');
    const secret = new OTPAuth.Secret({ size: 20 });
    const totp = new OTPAuth.TOTP({ issuer: ISSUER, label: user.email, secret });
    const id = randomUUID();
    await this.control.query(`insert into mfa_factors (id, user_id, friendly_name, secret, status) values ($1, $2, $3, $4, 'unverified')`, [
      id,
      user.id,
      friendlyName ?? null,
      secret.base32,
    ]);
    return { id, factor_type: 'totp' as const, totp: { secret: secret.base32, uri: totp.toString() } };
  }

  /**
   * Verifies a code: enrols an unverified factor, and raises the session to aal2. Failed codes are
   * limited per factor (whatever the session) and per session (whatever the factor): then 429.
   */
  async verifyFactor(userId: string, tokenHash: string, factorId: string, code: string): Promise<MfaAssurance> {
    const r = await this.control.query<{ secret: string }>('select secret from mfa_factors where id = $1 and user_id = $2', [factorId, userId]);
    const row = r.rows[0];
    if (!row) throw new HttpError(404, `Factor not found: ${factorId}`, 'FACTOR_NOT_FOUND');
    const { mfaPerFactor, mfaPerSession } = this.limits;
    await assertWithinLimits([[mfaPerFactor, factorId], [mfaPerSession, tokenHash]], 'failed verification codes');
    const totp = new OTPAuth.TOTP({ issuer: ISSUER, secret: OTPAuth.Secret.fromBase32(row.secret) });
    if (totp.validate({ token: code, window: 1 }) === null) {
      await Promise.all([mfaPerFactor.record(factorId), mfaPerSession.record(tokenHash)]);
      throw new HttpError(400, 'Invalid code: the code is wrong or expired', 'INVALID_MFA_CODE', 'code');
    }
    await Promise.all([mfaPerFactor.clear(factorId), mfaPerSession.clear(tokenHash)]);
    await this.control.query(`update mfa_factors set status = 'verified' where id = $1`, [factorId]);
    await this.control.query(`update sessions set current_aal = 'aal2', next_aal = 'aal2' where token_hash = $1`, [tokenHash]);
    this.access.invalidateUserSessions(userId);
    return { currentLevel: 'aal2', nextLevel: 'aal2' };
  }

  async deleteFactor(userId: string, factorId: string): Promise<void> {
    const r = await this.control.query('delete from mfa_factors where id = $1 and user_id = $2 returning id', [factorId, userId]);
    if (!r.rows.length) throw new HttpError(404, `Factor not found: ${factorId}`, 'FACTOR_NOT_FOUND');
    if (!(await this.hasVerifiedFactor(userId))) {
      await this.control.query(`update sessions set next_aal = 'aal1', current_aal = 'aal1' where user_id = $1`, [userId]);
      this.access.invalidateUserSessions(userId);
    }
  }

  async profile(userId: string): Promise<Profile> {
    const r = await this.control.query<UserRow>('select id, email, username, first_name, last_name, created_at from users where id = $1', [userId]);
    const u = r.rows[0];
    if (!u) throw new HttpError(404, 'Profile not found', 'PROFILE_NOT_FOUND');
    return { id: u.id, username: u.username, primary_email: u.email, first_name: u.first_name, last_name: u.last_name, created_at: new Date(u.created_at).toISOString() };
  }

  async updateProfile(userId: string, body: UpdateProfileBody): Promise<Profile> {
    if (body.username) {
      const taken = await this.control.query('select 1 from users where username = $1 and id <> $2', [body.username, userId]);
      if (taken.rows.length) throw new HttpError(409, 'This username is taken', 'USERNAME_TAKEN');
      await this.control.query('update users set username = $1 where id = $2', [body.username, userId]);
      this.access.invalidateUserSessions(userId);
    }
    if (body.first_name !== undefined) await this.control.query('update users set first_name = $1 where id = $2', [body.first_name, userId]);
    if (body.last_name !== undefined) await this.control.query('update users set last_name = $1 where id = $2', [body.last_name, userId]);
    return this.profile(userId);
  }
}
