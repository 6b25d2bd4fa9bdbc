import { randomBytes } from 'node:crypto';
import {
  FREE_PROJECT_LIMIT,
  isOrganizationRole,
  legacyMemberRole,
  ORGANIZATION_ROLES,
  organizationRolesOffered,
  type FreeProjectLimitMember,
  type Organization,
  type OrganizationMember,
  type OrganizationRole,
  type PlanId,
} from '@plinth/shared-contracts';
import { PLAN_ALLOWS_ADDITIONAL_OWNERS, PLAN_NAMES } from '@plinth/contracts-billing';
import type { AuthenticatedUser, ControlDatabase } from '@plinth/platform-core/deps';
import { HttpError } from '@plinth/platform-core/deps';
import type { AccessRegistry } from '@plinth/platform-core/access';

interface OrgRow {
  id: number;
  name: string;
  slug: string;
  plan: PlanId;
  subscription_id: string;
}

export const toOrganization = (o: OrgRow): Organization => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  subscription_id: o.subscription_id,
  plan: { id: o.plan, name: PLAN_NAMES[o.plan] },
});

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'org'
  );
}

interface MemberRow {
  user_id: string;
  username: string;
  primary_email: string;
  role: string;
}

/** A member as answered: `role` as builds of contracts 1.6 read it, `organization_role` the role held. */
const toMember = (m: MemberRow): OrganizationMember => ({ ...m, role: legacyMemberRole(m.role), organization_role: m.role });

/** Organizations, members and the free-project limit. */
export class OrganizationsService {
  /** Project creations in free organizations, one at a time: two cannot both take a member's last place. */
  private freeCreations: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
  ) {}

  async listFor(userId: string): Promise<Organization[]> {
    const r = await this.control.query<OrgRow>(
      'select o.id, o.name, o.slug, o.plan, o.subscription_id from organizations o join members m on m.organization_id = o.id where m.user_id = $1 order by o.id',
      [userId],
    );
    return r.rows.map(toOrganization);
  }

  async get(slug: string): Promise<Organization> {
    const r = await this.control.query<OrgRow>('select id, name, slug, plan, subscription_id from organizations where slug = $1', [slug]);
    if (!r.rows[0]) throw new HttpError(404, `Organization not found: ${slug}`, 'ORGANIZATION_NOT_FOUND');
    return toOrganization(r.rows[0]);
  }

  async create(owner: AuthenticatedUser, name: string): Promise<Organization> {
    const base = slugify(name);
    let slug = base;
    for (let i = 0; (await this.control.query('select 1 from organizations where slug = $1', [slug])).rows.length; i++) {
      slug = `${base}-${randomBytes(3).toString('hex')}`;
      if (i > 10) throw new Error('could not find a free organization slug');
    }
    const org = await this.control.transaction(async (tx) => {
      const r = await tx.query<OrgRow>(
        `insert into organizations (name, slug, subscription_id) values ($1, $2, $3) returning id, name, slug, plan, subscription_id`,
        [name, slug, `sub_${randomBytes(8).toString('hex')}`],
      );
      const row = r.rows[0]!;
      await tx.query(`insert into members (organization_id, user_id, role) values ($1, $2, 'Owner')`, [row.id, owner.id]);
      return row;
    });
    this.access.invalidateRole(org.id, owner.id);
    return toOrganization(org);
  }

  async rename(slug: string, name: string): Promise<Organization> {
    await this.control.query('update organizations set name = $1 where slug = $2', [name, slug]);
    this.access.invalidateOrganization(slug);
    return this.get(slug);
  }

  async members(orgId: number): Promise<OrganizationMember[]> {
    const r = await this.control.query<MemberRow>(
      'select u.id as user_id, u.username, u.email as primary_email, m.role from members m join users u on u.id = m.user_id where m.organization_id = $1 order by u.email',
      [orgId],
    );
    return r.rows.map(toMember);
  }

  private async member(orgId: number, userId: string): Promise<OrganizationMember> {
    const r = await this.control.query<MemberRow>(
      'select u.id as user_id, u.username, u.email as primary_email, m.role from members m join users u on u.id = m.user_id where m.organization_id = $1 and m.user_id = $2',
      [orgId, userId],
    );
    if (!r.rows[0]) throw new HttpError(404, `Member not found: ${userId}`, 'MEMBER_NOT_FOUND');
    return toMember(r.rows[0]);
  }

  /** 400 naming the field for a role the API does not list (the body takes any name: roles are data). */
  assertKnownRole(role: string): void {
    if (!isOrganizationRole(role)) throw new HttpError(400, `Unknown role "${role}": the roles are ${ORGANIZATION_ROLES.join(', ')}`, 'INVALID_ROLE', 'role');
  }

  /** Only an Owner may hand out or take away the Owner role. */
  checkOwnerChange(actorRole: OrganizationRole, from: string | null, to: string | null): void {
    if ((from === 'Owner' || to === 'Owner') && actorRole !== 'Owner') {
      throw new HttpError(403, 'Only an Owner can grant, change or remove the Owner role', 'PERMISSION_DENIED');
    }
  }

  private async ensureAnotherOwner(orgId: number, userId: string): Promise<void> {
    const r = await this.control.query(`select 1 from members where organization_id = $1 and role = 'Owner' and user_id <> $2`, [orgId, userId]);
    if (!r.rows.length) throw new HttpError(409, 'An organization needs at least one Owner', 'LAST_OWNER');
  }

  /**
   * The role must be one the API lists and the organization's plan offers (001 §6): free and pro
   * have Owner and Developer with one Owner; team and enterprise add Administrator, Read-only,
   * Billing admin and additional Owners. `userId` is the member whose role this would be (not
   * counted among the other Owners).
   */
  async assertRoleOffered(orgId: number, role: string, userId?: string): Promise<void> {
    this.assertKnownRole(role);
    const r = await this.control.query<{ plan: PlanId }>('select plan from organizations where id = $1', [orgId]);
    const plan = r.rows[0]?.plan ?? 'free';
    const offered: readonly string[] = organizationRolesOffered(plan);
    if (!offered.includes(role)) {
      throw new HttpError(
        409,
        `The ${PLAN_NAMES[plan]} plan does not offer the ${role} role: it offers ${offered.join(' and ')}. Upgrade to the Team plan for Administrator, Read-only, Billing admin and additional Owners`,
        'ROLE_NOT_IN_PLAN',
        'role',
      );
    }
    if (role === 'Owner' && !PLAN_ALLOWS_ADDITIONAL_OWNERS[plan]) {
      const owners = await this.control.query(`select 1 from members where organization_id = $1 and role = 'Owner' and user_id <> $2`, [orgId, userId ?? '']);
      if (owners.rows.length) {
        throw new HttpError(409, `The ${PLAN_NAMES[plan]} plan allows one Owner: upgrade to the Team plan for additional owners`, 'ROLE_NOT_IN_PLAN', 'role');
      }
    }
  }

  /**
   * Deletes the organization, its name typed again as the confirmation; refused while it still has
   * projects (they must be deleted first), saying which.
   */
  async delete(org: { id: number; slug: string; name: string }, confirmName: string): Promise<void> {
    if (confirmName !== org.name) throw new HttpError(400, `Type the organization name "${org.name}" exactly to confirm`, 'CONFIRMATION_MISMATCH', 'confirm_name');
    const projects = await this.control.query<{ name: string }>('select name from projects where organization_id = $1 order by name', [org.id]);
    if (projects.rows.length) {
      const n = projects.rows.length;
      throw new HttpError(
        409,
        `This organization still has ${n} project${n === 1 ? '' : 's'} (${projects.rows.map((p) => p.name).join(', ')}): delete ${n === 1 ? 'it' : 'them'} before deleting the organization`,
        'ORGANIZATION_HAS_PROJECTS',
      );
    }
    const members = await this.control.query<{ user_id: string }>('select user_id from members where organization_id = $1', [org.id]);
    await this.control.transaction(async (tx) => {
      await tx.query('delete from org_integrations where organization_id = $1', [org.id]);
      await tx.query('delete from organizations where id = $1', [org.id]);
    });
    this.access.invalidateOrganization(org.slug);
    for (const m of members.rows) this.access.invalidateRole(org.id, m.user_id);
  }

  async addMember(orgId: number, actorRole: OrganizationRole, email: string, role: string): Promise<OrganizationMember> {
    this.assertKnownRole(role);
    this.checkOwnerChange(actorRole, null, role);
    await this.assertRoleOffered(orgId, role);
    const u = await this.control.query<{ id: string }>('select id from users where email = $1', [email]);
    const userId = u.rows[0]?.id;
    if (!userId) throw new HttpError(404, `No account uses the email ${email}`, 'USER_NOT_FOUND', 'email');
    const r = await this.control.query('insert into members (organization_id, user_id, role) values ($1, $2, $3) on conflict do nothing returning user_id', [orgId, userId, role]);
    if (!r.rows.length) throw new HttpError(409, `${email} is already a member of this organization`, 'ALREADY_MEMBER', 'email');
    this.access.invalidateRole(orgId, userId);
    return this.member(orgId, userId);
  }

  async updateMember(orgId: number, actorRole: OrganizationRole, userId: string, role: string): Promise<OrganizationMember> {
    this.assertKnownRole(role);
    const current = await this.member(orgId, userId);
    this.checkOwnerChange(actorRole, current.organization_role, role);
    if (role !== current.organization_role) await this.assertRoleOffered(orgId, role, userId);
    if (current.organization_role === 'Owner' && role !== 'Owner') await this.ensureAnotherOwner(orgId, userId);
    await this.control.query('update members set role = $1 where organization_id = $2 and user_id = $3', [role, orgId, userId]);
    this.access.invalidateRole(orgId, userId);
    return this.member(orgId, userId);
  }

  async removeMember(orgId: number, actorRole: OrganizationRole, userId: string): Promise<void> {
    const current = await this.member(orgId, userId);
    this.checkOwnerChange(actorRole, current.organization_role, null);
    if (current.organization_role === 'Owner') await this.ensureAnotherOwner(orgId, userId);
    await this.control.query('delete from members where organization_id = $1 and user_id = $2', [orgId, userId]);
    this.access.invalidateRole(orgId, userId);
  }

  /** The caller leaves the organization; the last Owner cannot (409, LAST_OWNER). */
  async leave(orgId: number, userId: string): Promise<void> {
    const current = await this.member(orgId, userId);
    if (current.organization_role === 'Owner') {
      const r = await this.control.query(`select 1 from members where organization_id = $1 and role = 'Owner' and user_id <> $2`, [orgId, userId]);
      if (!r.rows.length) throw new HttpError(409, 'You are the last Owner of this organization: make another member an Owner before leaving', 'LAST_OWNER');
    }
    await this.control.query('delete from members where organization_id = $1 and user_id = $2', [orgId, userId]);
    this.access.invalidateRole(orgId, userId);
  }

  /**
   * The free-project limit: each member may have at most FREE_PROJECT_LIMIT running (not
   * INACTIVE) projects across all free-plan organizations they belong to. Answers the members of
   * this organization who have reached it.
   */
  async membersAtFreeProjectLimit(orgId: number): Promise<FreeProjectLimitMember[]> {
    const r = await this.control.query<{ username: string; primary_email: string; running: number }>(
      `select u.username, u.email as primary_email,
              (select count(*)::int from projects p
                 join organizations o on o.id = p.organization_id and o.plan = 'free'
                 join members m2 on m2.organization_id = o.id and m2.user_id = u.id
                where p.status <> 'INACTIVE') as running
         from members m join users u on u.id = m.user_id
        where m.organization_id = $1
        order by u.email`,
      [orgId],
    );
    return r.rows.filter((m) => m.running >= FREE_PROJECT_LIMIT).map((m) => ({ username: m.username, primary_email: m.primary_email, free_project_limit: FREE_PROJECT_LIMIT }));
  }

  /** 409 when a member of this free organization has reached the free-project limit (restore and creation). */
  async assertBelowFreeProjectLimit(orgId: number): Promise<void> {
    const over = await this.membersAtFreeProjectLimit(orgId);
    if (over.length) {
      throw new HttpError(409, `Members of this organization have reached their free project limit: ${over.map((m) => m.primary_email).join(', ')}`, 'FREE_PROJECT_LIMIT');
    }
  }

  /**
   * Runs `create` (a new project, or a branch, in this organization) unless the free-project limit
   * forbids it: in a free organization no member may go past FREE_PROJECT_LIMIT running projects.
   */
  async createProjectWithinLimits<T>(org: { id: number; slug: string }, create: () => Promise<T>): Promise<T> {
    const plan = (await this.access.organization(org.slug))?.plan ?? 'free';
    if (plan !== 'free') return create();
    const run = this.freeCreations.then(async () => {
      await this.assertBelowFreeProjectLimit(org.id);
      return create();
    });
    this.freeCreations = run.catch(() => undefined);
    return run;
  }
}
