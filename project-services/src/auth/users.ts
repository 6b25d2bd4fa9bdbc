import type { ProjectDatabase } from '@plinth/platform-core/deps';

// The project's users (auth.users in the project database) and how the auth clients see them.

export type Db = Pick<ProjectDatabase, 'query'>;

export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  passwordHash: string | null;
  emailConfirmedAt: string | null;
  invitedAt: string | null;
  confirmationSentAt: string | null;
  recoverySentAt: string | null;
  emailChange: string | null;
  emailChangeSentAt: string | null;
  lastSignInAt: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  bannedUntil: string | null;
  isAnonymous: boolean;
  deletedAt: string | null;
  /** 1 once one of the two addresses of a secure email change has confirmed it. */
  emailChangeConfirmStatus: number;
  reauthenticationSentAt: string | null;
  /** The phone number, E.164 digits without the "+", or null. */
  phone: string | null;
  phoneConfirmedAt: string | null;
  /** A pending phone change: the new number, confirmed by the code sent to it. */
  phoneChange: string | null;
  phoneChangeSentAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The user's MFA factors, when loaded (withFactors). */
  factors?: FactorJson[];
}

/** An MFA factor as the auth clients read it. */
export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
  /** A phone factor's number (E.164 digits, as auth.users.phone). */
  phone?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function json(v: unknown): Record<string, unknown> {
  const o = typeof v === 'string' ? JSON.parse(v) : v;
  return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : {};
}

export function toUser(r: Record<string, unknown>): AuthUser {
  return {
    id: String(r.id),
    aud: String(r.aud),
    role: String(r.role),
    email: (r.email as string | null) ?? null,
    passwordHash: (r.encrypted_password as string | null) ?? null,
    emailConfirmedAt: iso(r.email_confirmed_at),
    invitedAt: iso(r.invited_at),
    confirmationSentAt: iso(r.confirmation_sent_at),
    recoverySentAt: iso(r.recovery_sent_at),
    emailChange: (r.email_change as string | null) ?? null,
    emailChangeSentAt: iso(r.email_change_sent_at),
    lastSignInAt: iso(r.last_sign_in_at),
    appMetadata: json(r.raw_app_meta_data),
    userMetadata: json(r.raw_user_meta_data),
    bannedUntil: iso(r.banned_until),
    isAnonymous: r.is_anonymous === true,
    deletedAt: iso(r.deleted_at),
    emailChangeConfirmStatus: Number(r.email_change_confirm_status ?? 0),
    reauthenticationSentAt: iso(r.reauthentication_sent_at),
    phone: (r.phone as string | null) || null,
    phoneConfirmedAt: iso(r.phone_confirmed_at),
    phoneChange: (r.phone_change as string | null) || null,
    phoneChangeSentAt: iso(r.phone_change_sent_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

export function factorJson(r: Record<string, unknown>): FactorJson {
  return {
    id: String(r.id),
    ...(r.friendly_name ? { friendly_name: String(r.friendly_name) } : {}),
    factor_type: String(r.factor_type),
    status: r.status === 'verified' ? 'verified' : 'unverified',
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    ...(r.last_challenged_at ? { last_challenged_at: iso(r.last_challenged_at)! } : {}),
    ...(r.factor_type === 'phone' && r.phone ? { phone: String(r.phone) } : {}),
  };
}

export async function factorsOf(db: Db, userId: string): Promise<FactorJson[]> {
  const r = await db.query('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
  return r.rows.map(factorJson);
}

/** The user with their MFA factors loaded (the user object of sessions and GET /user lists them). */
export async function withFactors(db: Db, user: AuthUser): Promise<AuthUser> {
  return { ...user, factors: await factorsOf(db, user.id) };
}

export async function userById(db: Db, id: string): Promise<AuthUser | null> {
  if (!isUuid(id)) return null;
  const r = await db.query('select * from auth.users where id = $1', [id]);
  return r.rows[0] ? toUser(r.rows[0]) : null;
}

export async function userByEmail(db: Db, email: string): Promise<AuthUser | null> {
  const r = await db.query('select * from auth.users where lower(email) = lower($1)', [email]);
  return r.rows[0] ? toUser(r.rows[0]) : null;
}

/** The user with this phone number (E.164 digits, see phone.ts). */
export async function userByPhone(db: Db, phone: string): Promise<AuthUser | null> {
  const r = await db.query('select * from auth.users where phone = $1', [phone]);
  return r.rows[0] ? toUser(r.rows[0]) : null;
}

export interface NewUser {
  /** Empty for a user with only a phone number. */
  email: string;
  /** E.164 digits; a user signing up by phone has this and no email. */
  phone?: string | null;
  phoneConfirmed?: boolean;
  passwordHash: string | null;
  confirmed: boolean;
  invited?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  bannedUntil?: Date | null;
  /** How the user signed up: 'email' unless an OAuth provider ('github', …). */
  provider?: string;
  /** A user signed in anonymously: no email, no identity. */
  anonymous?: boolean;
}

/** Inserts a user; answers null when the email is taken. */
export async function insertUser(db: Db, u: NewUser): Promise<AuthUser | null> {
  const provider = u.provider ?? (u.email ? 'email' : u.phone ? 'phone' : 'email');
  const app = u.anonymous ? { ...(u.appMetadata ?? {}) } : { ...(u.appMetadata ?? {}), provider, providers: [provider] };
  const r = await db.query(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data, banned_until, is_anonymous,
       phone, phone_confirmed_at)
     values ($1, $2, case when $3 then now() end, case when $4 then now() end, $5::jsonb, $6::jsonb, $7, $8, $9, case when $10 then now() end)
     on conflict do nothing returning *`,
    [
      u.anonymous || !u.email ? null : u.email,
      u.passwordHash,
      u.confirmed && !!u.email,
      u.invited ?? false,
      JSON.stringify(app),
      JSON.stringify(u.userMetadata ?? {}),
      u.bannedUntil ?? null,
      u.anonymous === true,
      u.phone ?? null,
      u.phone ? u.phoneConfirmed === true : false,
    ],
  );
  return r.rows[0] ? toUser(r.rows[0]) : null;
}

type Column =
  | 'email'
  | 'encrypted_password'
  | 'email_confirmed_at'
  | 'confirmation_sent_at'
  | 'recovery_sent_at'
  | 'email_change'
  | 'email_change_sent_at'
  | 'last_sign_in_at'
  | 'raw_app_meta_data'
  | 'raw_user_meta_data'
  | 'banned_until'
  | 'role'
  | 'is_anonymous'
  | 'deleted_at'
  | 'email_change_confirm_status'
  | 'reauthentication_sent_at'
  | 'phone'
  | 'phone_confirmed_at'
  | 'phone_change'
  | 'phone_change_sent_at';

/** Sets the given columns ("now()" for a timestamp set to now); answers the user, or null when gone or the email is taken. */
export async function updateUser(db: Db, id: string, set: Partial<Record<Column, unknown>>): Promise<AuthUser | null> {
  const cols = Object.keys(set) as Column[];
  const params: unknown[] = [id];
  const assignments = cols.map((c) => {
    const v = set[c];
    // Quoted: a statement reading "set role" is refused by the server's guard against role switches.
    if (v === 'now()') return `"${c}" = now()`;
    params.push(c.startsWith('raw_') ? JSON.stringify(v) : v);
    return `"${c}" = $${params.length}${c.startsWith('raw_') ? '::jsonb' : ''}`;
  });
  try {
    const r = await db.query(`update auth.users set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning *`, params);
    return r.rows[0] ? toUser(r.rows[0]) : null;
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505') return null;
    throw err;
  }
}

export function isBanned(u: AuthUser, now = Date.now()): boolean {
  return u.bannedUntil !== null && new Date(u.bannedUntil).getTime() > now;
}

/** The user as the auth clients read it (GoTrue's user object). */
export function userJson(u: AuthUser, opts: { admin?: boolean } = {}) {
  const identityOf = (provider: 'email' | 'phone', data: Record<string, unknown>) => ({
    identity_id: u.id,
    id: provider === 'email' ? u.id : u.phone!,
    user_id: u.id,
    identity_data: { ...data, sub: u.id },
    provider,
    last_sign_in_at: u.lastSignInAt ?? u.createdAt,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
    ...(provider === 'email' ? { email: u.email!.toLowerCase() } : {}),
  });
  const identities = [
    ...(u.email ? [identityOf('email', { email: u.email, email_verified: u.emailConfirmedAt !== null, phone_verified: false })] : []),
    ...(u.phone ? [identityOf('phone', { phone: u.phone, email_verified: false, phone_verified: u.phoneConfirmedAt !== null })] : []),
  ];
  const confirmedAt = u.emailConfirmedAt ?? u.phoneConfirmedAt;
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: u.emailConfirmedAt ?? undefined,
    phone: u.phone ?? '',
    phone_confirmed_at: u.phoneConfirmedAt ?? undefined,
    confirmation_sent_at: u.confirmationSentAt ?? undefined,
    confirmed_at: confirmedAt ?? undefined,
    recovery_sent_at: u.recoverySentAt ?? undefined,
    new_email: u.emailChange ?? undefined,
    email_change_sent_at: u.emailChangeSentAt ?? undefined,
    new_phone: u.phoneChange ?? undefined,
    phone_change_sent_at: u.phoneChangeSentAt ?? undefined,
    invited_at: u.invitedAt ?? undefined,
    last_sign_in_at: u.lastSignInAt ?? undefined,
    app_metadata: u.appMetadata,
    user_metadata: u.userMetadata,
    identities,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
    is_anonymous: u.isAnonymous,
    ...(u.factors?.length ? { factors: u.factors } : {}),
    ...(u.reauthenticationSentAt ? { reauthentication_sent_at: u.reauthenticationSentAt } : {}),
    ...(opts.admin ? { banned_until: u.bannedUntil ?? undefined, ...(u.deletedAt ? { deleted_at: u.deletedAt } : {}) } : {}),
  };
}

export interface UserPage {
  users: AuthUser[];
  total: number;
}

/** A page of users, newest first; `filter` matches part of the email or of the user's name. */
export async function listUsers(db: Db, page: number, perPage: number, filter: string | null): Promise<UserPage> {
  // A number as people write it (+1 555-123 4567) is searched by its digits, as phones are stored.
  const digits = filter && /^[+\d\s\-.()]+$/.test(filter) ? filter.replace(/\D/g, '') : '';
  const where = filter
    ? `where email ilike $1 or phone ilike $${digits ? 2 : 1} or raw_user_meta_data ->> 'full_name' ilike $1 or raw_user_meta_data ->> 'name' ilike $1`
    : '';
  const params: unknown[] = filter ? [`%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, ...(digits ? [`%${digits}%`] : [])] : [];
  const total = await db.query<{ n: string | number }>(`select count(*) as n from auth.users ${where}`, params);
  const rows = await db.query(
    `select * from auth.users ${where} order by created_at desc, id limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, perPage, (page - 1) * perPage],
  );
  return { users: rows.rows.map(toUser), total: Number(total.rows[0]?.n ?? 0) };
}
