import { hash } from '@node-rs/argon2';
import { mergeMetadata } from './account';
import { checkEmail, checkPassword, metadata, type AuthContext } from './context';
import { AuthError, invalid } from './errors';
import { endSessions } from './sessions';
import { parseBanDuration } from './tokens';
import { insertUser, isUuid, listUsers, updateUser, userById, userJson, type AuthUser } from './users';

// User management with the service_role key (GET/POST /admin/users, GET/PUT/DELETE /admin/users/{id}).

type Body = Record<string, unknown>;

/** Refuses every caller but the service_role key (or a token with that role). */
export function requireServiceRole(ctx: AuthContext): void {
  if (ctx.caller?.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed: this needs the service_role key');
}

const notFound = () => new AuthError(404, 'user_not_found', 'User not found');
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
  if (body.email === undefined && body.phone !== undefined) throw new AuthError(400, 'phone_provider_disabled', 'Phone users are not supported');
  const email = checkEmail(body.email);
  const password = body.password === undefined || body.password === null ? null : checkPassword(ctx, body.password);
  const user = await insertUser(ctx.db, {
    email,
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

/** PUT /admin/users/{id}: email, password, email_confirm, user_metadata, app_metadata, ban_duration. A ban ends the user's sessions. */
export async function adminUpdateUser(ctx: AuthContext, id: string, body: Body) {
  requireServiceRole(ctx);
  const user = await existing(ctx, id);
  const set: Parameters<typeof updateUser>[2] = {};
  if (body.email !== undefined) set.email = checkEmail(body.email);
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

/** DELETE /admin/users/{id}: the user, their sessions and tokens. */
export async function adminDeleteUser(ctx: AuthContext, id: string) {
  requireServiceRole(ctx);
  const user = await existing(ctx, id);
  await ctx.db.query('delete from auth.users where id = $1', [user.id]);
  ctx.event = 'user_deleted';
  return {};
}
