import { hash } from '@node-rs/argon2';
import { mergeMetadata } from './account';
import { checkEmail, checkPassword, metadata, redirectTarget, storeEmailToken, verifyLinkOf, type AuthContext } from './context';
import { AuthError, invalid } from './errors';
import { endSessions } from './sessions';
import { parseBanDuration } from './tokens';
import { insertUser, isUuid, listUsers, updateUser, userByEmail, userById, userByPhone, userJson, type AuthUser } from './users';
import { checkPhone } from './phone';

// User management with the service_role key (GET/POST /admin/users, GET/PUT/DELETE /admin/users/{id}).

type Body = Record<string, unknown>;

/** Refuses every caller but the service_role key (or a token with that role). */
export function requireServiceRole(ctx: AuthContext): void {
  if (ctx.caller?.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed: this needs the service_role key');
}

const notFound = () => new AuthError(404, 'user_not_found', 'User not found');
const phoneTaken = () => new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
const emailTaken = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

function banUntil(v: unknown): Date | null | undefined {
  if (v === undefined) return undefined;
  const ms = typeof v === 'string' ? parseBanDuration(v) : null;
  if (ms === null) throw invalid('ban_duration must be a duration such as "24h", "30m" or "876000h", or "none"');
  return ms === 0 ? null : new Date(Date.now() + ms);
}

function positiveInt(v: unknown, field: string, fallback: number, max: number): number {
  if (v === undefined || v === '') return fallback;
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1) throw invalid(`${field} must be a positive whole number`);
  return Math.min(n, max);
}

/** GET /admin/users: one page, with x-total-count and the link header the clients page by. */
export async function adminListUsers(ctx: AuthContext, query: Record<string, unknown>) {
  requireServiceRole(ctx);
  const page = positiveInt(query.page, 'page', 1, 1_000_000);
  const perPage = positiveInt(query.per_page, 'per_page', 50, 1000);
  const filter = typeof query.filter === 'string' && query.filter.trim() ? query.filter.trim().slice(0, 255) : null;
  const { users, total } = await listUsers(ctx.db, page, perPage, filter);
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links = [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')];
  return { body: { users: users.map((u) => userJson(u, { admin: true })), aud: 'authenticated' }, total, link: links.join(', ') };
}

/** POST /admin/users */
export async function adminCreateUser(ctx: AuthContext, body: Body) {
  requireServiceRole(ctx);
  const phone = body.phone === undefined || body.phone === null || body.phone === '' ? null : checkPhone(body.phone);
  const email = phone && (body.email === undefined || body.email === null || body.email === '') ? '' : checkEmail(body.email);
  if (body.phone_confirm !== undefined && typeof body.phone_confirm !== 'boolean') throw invalid('phone_confirm must be true or false');
  const password = body.password === undefined || body.password === null ? null : checkPassword(ctx, body.password);
  if (phone && (await userByPhone(ctx.db, phone))) throw phoneTaken();
  const user = await insertUser(ctx.db, {
    email,
    phone,
    phoneConfirmed: body.phone_confirm === true,
    passwordHash: password === null ? null : await hash(password),
    confirmed: body.email_confirm === true,
    userMetadata: metadata(body.user_metadata ?? body.data, 'user_metadata'),
    appMetadata: metadata(body.app_metadata, 'app_metadata'),
    bannedUntil: banUntil(body.ban_duration) ?? null,
  });
  if (!user) throw emailTaken();
  ctx.event = 'user_created';
  return userJson(user, { admin: true });
}

async function existing(ctx: AuthContext, id: string): Promise<AuthUser> {
  if (!isUuid(id)) throw notFound();
  const user = await userById(ctx.db, id);
  if (!user) throw notFound();
  return user;
}

export async function adminGetUser(ctx: AuthContext, id: string) {
  requireServiceRole(ctx);
  return userJson(await existing(ctx, id), { admin: true });
}

const ROLE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * PUT /admin/users/{id}: email, password, email_confirm, phone_confirm, user_metadata,
 * app_metadata, ban_duration, role. A ban ends the user's sessions; a user given an email is no
 * longer anonymous.
 */
export async function adminUpdateUser(ctx: AuthContext, id: string, body: Body) {
  requireServiceRole(ctx);
  const user = await existing(ctx, id);
  if (user.deletedAt) throw notFound();
  const set: Parameters<typeof updateUser>[2] = {};
  if (body.email !== undefined) {
    set.email = checkEmail(body.email);
    if (user.isAnonymous) set.is_anonymous = false;
  }
  if (body.phone_confirm !== undefined && typeof body.phone_confirm !== 'boolean') throw invalid('phone_confirm must be true or false');
  if (body.phone !== undefined) {
    const phone = body.phone === '' || body.phone === null ? null : checkPhone(body.phone);
    if (phone !== user.phone) {
      const taken = phone ? await userByPhone(ctx.db, phone) : null;
      if (taken && taken.id !== user.id) throw phoneTaken();
      set.phone = phone;
      if (!phone || body.phone_confirm !== true) set.phone_confirmed_at = null;
    }
  }
  if (body.phone_confirm === true && (set.phone ?? user.phone) && (!user.phoneConfirmedAt || set.phone !== undefined)) set.phone_confirmed_at = 'now()';
  if (body.phone_confirm === false) set.phone_confirmed_at = null;
  if (body.email_confirm !== undefined && typeof body.email_confirm !== 'boolean') throw invalid('email_confirm must be true or false');
  if (body.role !== undefined) {
    if (typeof body.role !== 'string' || !ROLE.test(body.role)) throw invalid('role must be the name of a database role');
    set.role = body.role;
  }
  if (body.password !== undefined) set.encrypted_password = await hash(checkPassword(ctx, body.password));
  if (body.email_confirm === true && !user.emailConfirmedAt) set.email_confirmed_at = 'now()';
  if (body.email_confirm === false) set.email_confirmed_at = null;
  const um = metadata(body.user_metadata, 'user_metadata');
  if (um) set.raw_user_meta_data = mergeMetadata(user.userMetadata, um);
  const am = metadata(body.app_metadata, 'app_metadata');
  if (am) set.raw_app_meta_data = mergeMetadata(user.appMetadata, am);
  const ban = banUntil(body.ban_duration);
  if (ban !== undefined) set.banned_until = ban;
  const updated = Object.keys(set).length ? await updateUser(ctx.db, user.id, set) : user;
  if (!updated) throw emailTaken();
  if (ban) await endSessions(ctx.db, user.id, 'global', null);
  ctx.event = 'user_modified';
  return userJson(updated, { admin: true });
}

/**
 * DELETE /admin/users/{id}: the user, their sessions, tokens and factors. A soft delete
 * (should_soft_delete) keeps the row, marked deleted, without its email, password or metadata
 * (the address may sign up again), so rows that refer to the id stay valid.
 */
export async function adminDeleteUser(ctx: AuthContext, id: string, body: Body = {}) {
  requireServiceRole(ctx);
  const user = await existing(ctx, id);
  if (body.should_soft_delete !== undefined && typeof body.should_soft_delete !== 'boolean') throw invalid('should_soft_delete must be true or false');
  if (body.should_soft_delete === true) {
    if (user.deletedAt) throw notFound();
    await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    await ctx.db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
    await ctx.db.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
    await ctx.db.query(
      `update auth.users set deleted_at = now(), email = null, phone = null, phone_change = null, encrypted_password = null, email_change = null,
         raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now() where id = $1`,
      [user.id],
    );
  } else {
    await ctx.db.query('delete from auth.users where id = $1', [user.id]);
  }
  ctx.event = 'user_deleted';
  return {};
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type LinkType = (typeof LINK_TYPES)[number];

/**
 * POST /admin/generate_link: the link (and code) an email would carry, without sending any email:
 * for a sign-up (creating the user with the password given), an invite, a magic link, a recovery,
 * or either side of an email change. Answers the user with action_link, email_otp, hashed_token,
 * verification_type and redirect_to.
 */
export async function adminGenerateLink(ctx: AuthContext, body: Body, redirectQuery: unknown) {
  requireServiceRole(ctx);
  const type = body.type as LinkType;
  if (!LINK_TYPES.includes(type)) throw invalid(`type must be one of ${LINK_TYPES.join(', ')}`);
  const email = checkEmail(body.email);
  const redirectTo = redirectTarget(ctx, redirectQuery ?? body.redirect_to ?? body.redirectTo);
  const data = metadata(body.data, 'data');
  let user = await userByEmail(ctx.db, email);
  let tokenType = 'confirmation_token';
  let to = email;
  let verificationType: string = type;
  if (type === 'signup') {
    if (user?.emailConfirmedAt) throw emailTaken();
    const password = body.password === undefined ? null : checkPassword(ctx, body.password);
    if (!user) user = await insertUser(ctx.db, { email, passwordHash: password === null ? null : await hash(password), confirmed: false, userMetadata: data });
    else if (password !== null) user = await updateUser(ctx.db, user.id, { encrypted_password: await hash(password) });
    if (user) user = await updateUser(ctx.db, user.id, { confirmation_sent_at: 'now()' });
  } else if (type === 'invite') {
    if (user?.emailConfirmedAt) throw emailTaken();
    if (!user) user = await insertUser(ctx.db, { email, passwordHash: null, confirmed: false, invited: true, userMetadata: data });
    if (user) user = await updateUser(ctx.db, user.id, { confirmation_sent_at: 'now()' });
  } else {
    if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
    if (type === 'recovery') {
      tokenType = 'recovery_token';
      user = await updateUser(ctx.db, user.id, { recovery_sent_at: 'now()' });
    } else if (type === 'magiclink') {
      // A user who never confirmed gets a sign-up confirmation, as POST /otp would send.
      if (!user.emailConfirmedAt) verificationType = 'signup';
      user = await updateUser(ctx.db, user.id, { confirmation_sent_at: 'now()' });
    } else {
      const newEmail = checkEmail(body.new_email);
      if (newEmail === email) throw invalid('new_email must differ from the current email');
      if (await userByEmail(ctx.db, newEmail)) throw emailTaken();
      user = await updateUser(ctx.db, user.id, { email_change: newEmail, email_change_confirm_status: 0, email_change_sent_at: 'now()' });
      tokenType = type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current';
      to = type === 'email_change_new' ? newEmail : email;
      verificationType = 'email_change';
    }
  }
  if (!user) throw emailTaken();
  const { otp, tokenHash } = await storeEmailToken(ctx, user.id, tokenType, to);
  ctx.event = 'user_link_generated';
  return {
    ...userJson(user, { admin: true }),
    action_link: verifyLinkOf(ctx, tokenHash, verificationType, redirectTo),
    email_otp: otp,
    hashed_token: tokenHash,
    verification_type: verificationType,
    redirect_to: redirectTo,
  };
}
