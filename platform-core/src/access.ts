import type { FastifyRequest } from 'fastify';
import { BOOTSTRAP_PATH, ORGANIZATION_ROLE_PERMISSIONS, ORGANIZATION_ROLES, PERMISSION_LABELS, ROLES_WITHOUT_PROJECT_DATA, type OrganizationRole, type PermissionKey } from '@plinth/shared-contracts';
import { sessionCookieOf } from './cookies';
import { hashToken } from './token-hash';
import { ACCESS_TOKEN_PREFIX, bearerAccessToken } from './access-token';
import type { AuthenticatedUser, ControlDatabase, ProjectAccess } from './core-types';
import { HttpError } from './http-error';

/** What each permission lets a member do, for 403 answers: "You need the {label} permission to {action}". */
const DEFAULT_ACTIONS: Record<PermissionKey, string> = {
  tenant_sql_admin_write: 'change tables and RLS policies',
  sql_admin_read: 'read the database',
  sql_query_run: 'run SQL',
  infra_execute_resume: 'restore this project',
  projects_write: 'change projects',
  analytics_read_logs: 'read logs',
  storage_admin_write: 'change storage',
  storage_admin_read: 'read storage',
  user_content_create: 'save SQL snippets',
  service_api_keys_read: 'view API keys',
  billing_write_subscriptions: 'amend subscriptions',
  billing_read: 'read billing and usage',
  members_write: 'manage members',
  integrations_write: 'manage integrations',
};

export function permissionDenied(permission: PermissionKey, action?: string): HttpError {
  return new HttpError(403, `You need the ${PERMISSION_LABELS[permission]} permission to ${action ?? DEFAULT_ACTIONS[permission]}`, 'PERMISSION_DENIED');
}

/** Each organization role's permissions (ORGANIZATION_ROLE_PERMISSIONS of the contracts: Billing admin holds billing read and write only). */
const PERMISSION_SETS: Record<OrganizationRole, ReadonlySet<string>> = Object.fromEntries(
  ORGANIZATION_ROLES.map((role) => [role, new Set<string>(ORGANIZATION_ROLE_PERMISSIONS[role])]),
) as unknown as Record<OrganizationRole, ReadonlySet<string>>;

/**
 * The project routes a role without project data (ROLES_WITHOUT_PROJECT_DATA) may still call with
 * no permission named: the project's record and status, which the organization's project list
 * shows anyway, and the console's bootstrap of a project page (which then carries the role's
 * permissions only). Every other project route that names no permission is refused them.
 */
const PROJECT_FACTS_ROUTES: readonly string[] = ['/platform/projects/:ref', '/platform/projects/:ref/status', BOOTSTRAP_PATH];

function projectDataDenied(role: OrganizationRole, ref: string): HttpError {
  return new HttpError(403, `The ${role} role has no access to project data: you need a project role (Developer, Administrator, Read-only or Owner) to read project ${ref}`, 'PERMISSION_DENIED');
}

function readsProjectFacts(req: FastifyRequest): boolean {
  const route = req.routeOptions?.url?.replace(/^\/api(?=\/)/, '');
  return req.method === 'GET' && route !== undefined && PROJECT_FACTS_ROUTES.includes(route);
}

export { hashToken };

export { ACCESS_TOKEN_PREFIX, bearerAccessToken };

export interface SessionRecord {
  /** How the request authenticated: its session cookie, or a personal access token (which never reads the cookie). */
  via?: 'cookie' | 'access_token';
  tokenHash: string;
  user: AuthenticatedUser;
  currentLevel: 'aal1' | 'aal2';
  nextLevel: 'aal1' | 'aal2';
  expiresAt: number;
}

export interface ProjectRecord {
  id: number;
  ref: string;
  name: string;
  status: string;
  organizationId: number;
  organizationSlug: string;
}

export interface OrganizationRecord {
  id: number;
  slug: string;
  name: string;
  plan: string;
  usageBillingEnabled: boolean;
  subscriptionId: string;
}

export type OrgAccess = Omit<ProjectAccess, 'project'> & { organization: { id: number; slug: string; name: string } };

/**
 * Sessions, organizations, projects and memberships as the API's hot paths need them, cached in
 * memory. This process is the only writer: every write goes through the services, which call the
 * invalidate* methods.
 */
export class AccessRegistry {
  private sessions = new Map<string, SessionRecord | null>();
  private projects = new Map<string, ProjectRecord | null>();
  private orgs = new Map<string, OrganizationRecord | null>();
  private roles = new Map<string, OrganizationRole | null>();

  constructor(
    private readonly control: ControlDatabase,
    /** Whether cookies are Secure (and so named with the __Host- prefix). */
    private readonly secureCookies = false,
  ) {}

  /**
   * The request's session. A request that carries a personal access token is that token's user
   * alone (its cookie is not read, so a cookie call is never raised by a token nor a token call by a
   * cookie); a revoked, expired or unknown token is a 401 that says which.
   */
  async session(req: FastifyRequest): Promise<SessionRecord | null> {
    const bearer = bearerAccessToken(req);
    if (bearer) return this.accessTokenSession(bearer);
    const token = sessionCookieOf(req, this.secureCookies);
    if (!token) return null;
    const key = hashToken(token);
    let rec = this.sessions.get(key);
    if (rec === undefined) {
      const r = await this.control.query<{ user_id: string; email: string; username: string; current_aal: 'aal1' | 'aal2'; next_aal: 'aal1' | 'aal2'; expires_at: Date }>(
        `select s.user_id, u.email, u.username, s.current_aal, s.next_aal, s.expires_at
           from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
        [key],
      );
      const row = r.rows[0];
      rec = row
        ? { tokenHash: key, user: { id: row.user_id, email: row.email, username: row.username }, currentLevel: row.current_aal, nextLevel: row.next_aal, expiresAt: new Date(row.expires_at).getTime() }
        : null;
      if (this.sessions.size > 50_000) this.sessions.clear();
      this.sessions.set(key, rec);
    }
    if (rec && rec.expiresAt < Date.now()) return null;
    return rec;
  }

  private async accessTokenSession(token: string): Promise<SessionRecord> {
    const key = hashToken(token);
    const r = await this.control.query<{ user_id: string; email: string; username: string; expires_at: Date | string | null; revoked_at: Date | string | null; last_used_at: Date | string | null }>(
      `select t.user_id, u.email, u.username, t.expires_at, t.revoked_at, t.last_used_at
         from access_tokens t join users u on u.id = t.user_id where t.token_hash = $1`,
      [key],
    );
    const row = r.rows[0];
    if (!row) throw new HttpError(401, 'Invalid access token: no such token', 'INVALID_ACCESS_TOKEN');
    if (row.revoked_at) throw new HttpError(401, 'This access token has been revoked', 'ACCESS_TOKEN_REVOKED');
    const now = Date.now();
    if (row.expires_at && new Date(row.expires_at).getTime() <= now) throw new HttpError(401, 'This access token has expired', 'ACCESS_TOKEN_EXPIRED');
    // Last use, to the minute: at most one write a minute per token.
    if (!row.last_used_at || now - new Date(row.last_used_at).getTime() >= 60_000) {
      await this.control.query('update access_tokens set last_used_at = now() where token_hash = $1', [key]);
    }
    const expiresAt = row.expires_at ? new Date(row.expires_at).getTime() : Number.MAX_SAFE_INTEGER;
    return { via: 'access_token', tokenHash: key, user: { id: row.user_id, email: row.email, username: row.username }, currentLevel: 'aal2', nextLevel: 'aal2', expiresAt };
  }

  invalidateSession(tokenHash: string): void {
    this.sessions.delete(tokenHash);
  }

  invalidateUserSessions(userId: string): void {
    for (const [k, v] of this.sessions) if (v?.user.id === userId) this.sessions.delete(k);
  }

  /** Drops every copy held (sessions, projects, organizations, roles): the next look-ups read the control database. */
  forgetAll(): void {
    this.sessions.clear();
    this.projects.clear();
    this.orgs.clear();
    this.roles.clear();
  }

  /** The signed-in user with a complete MFA level, or 401. */
  async requireUser(req: FastifyRequest): Promise<AuthenticatedUser> {
    const s = await this.session(req);
    if (!s) throw new HttpError(401, 'You must be signed in', 'UNAUTHENTICATED');
    if (s.currentLevel !== s.nextLevel) throw new HttpError(401, 'MFA required', 'MFA_REQUIRED');
    return s.user;
  }

  async project(ref: string): Promise<ProjectRecord | null> {
    let rec = this.projects.get(ref);
    if (rec === undefined) {
      if (ref.length > 64) return null;
      const r = await this.control.query<{ id: number; ref: string; name: string; status: string; organization_id: number; slug: string }>(
        'select p.id, p.ref, p.name, p.status, p.organization_id, o.slug from projects p join organizations o on o.id = p.organization_id where p.ref = $1',
        [ref],
      );
      const row = r.rows[0];
      rec = row ? { id: row.id, ref: row.ref, name: row.name, status: row.status, organizationId: row.organization_id, organizationSlug: row.slug } : null;
      if (rec) this.projects.set(ref, rec);
    }
    return rec;
  }

  setProject(rec: ProjectRecord): void {
    this.projects.set(rec.ref, rec);
  }

  /** The project was deleted: the next look-up reads the control database (and finds none). */
  forgetProject(ref: string): void {
    this.projects.delete(ref);
  }

  async organization(slug: string): Promise<OrganizationRecord | null> {
    let rec = this.orgs.get(slug);
    if (rec === undefined) {
      if (slug.length > 64) return null;
      const r = await this.control.query<{ id: number; slug: string; name: string; plan: string; usage_billing_enabled: boolean; subscription_id: string }>(
        'select id, slug, name, plan, usage_billing_enabled, subscription_id from organizations where slug = $1',
        [slug],
      );
      const row = r.rows[0];
      rec = row ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, usageBillingEnabled: row.usage_billing_enabled, subscriptionId: row.subscription_id } : null;
      if (rec) this.orgs.set(slug, rec);
    }
    return rec;
  }

  invalidateOrganization(slug: string): void {
    this.orgs.delete(slug);
  }

  async role(organizationId: number, userId: string): Promise<OrganizationRole | null> {
    const key = `${organizationId}:${userId}`;
    let role = this.roles.get(key);
    if (role === undefined) {
      const r = await this.control.query<{ role: OrganizationRole }>('select role from members where organization_id = $1 and user_id = $2', [organizationId, userId]);
      role = r.rows[0]?.role ?? null;
      if (this.roles.size > 100_000) this.roles.clear();
      this.roles.set(key, role);
    }
    return role;
  }

  invalidateRole(organizationId: number, userId: string): void {
    this.roles.delete(`${organizationId}:${userId}`);
  }

  async requireProjectAccess(req: FastifyRequest, ref: string, permission?: string, action?: string): Promise<ProjectAccess> {
    const user = await this.requireUser(req);
    const project = await this.project(ref);
    const role = project ? await this.role(project.organizationId, user.id) : null;
    if (!project || !role) throw new HttpError(404, `Project not found: ${ref}`, 'PROJECT_NOT_FOUND');
    const permissions = PERMISSION_SETS[role] ?? new Set<string>();
    if (permission && !permissions.has(permission)) throw permissionDenied(permission as PermissionKey, action);
    if (!permission && ROLES_WITHOUT_PROJECT_DATA.includes(role) && !readsProjectFacts(req)) throw projectDataDenied(role, ref);
    return { user, project, role, permissions };
  }

  async requireOrgAccess(req: FastifyRequest, slug: string, permission?: string, action?: string): Promise<OrgAccess> {
    const user = await this.requireUser(req);
    const org = await this.organization(slug);
    const role = org ? await this.role(org.id, user.id) : null;
    if (!org || !role) throw new HttpError(404, `Organization not found: ${slug}`, 'ORGANIZATION_NOT_FOUND');
    const permissions = PERMISSION_SETS[role] ?? new Set<string>();
    if (permission && !permissions.has(permission)) throw permissionDenied(permission as PermissionKey, action);
    return { user, organization: { id: org.id, slug: org.slug, name: org.name }, role, permissions };
  }
}
