import { randomUUID } from 'node:crypto';
import type { IntegrationConnection, OrganizationIntegration } from '@plinth/contracts-settings';
import { HttpError, type AuthenticatedUser, type ControlDatabase } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';

// Organization integrations, their repository connections and project branches, in the control database.


type Row = Record<string, unknown>;
const by = (r: Row, prefix = 'added_by_') => ({ id: String(r[`${prefix}id`]), username: String(r[`${prefix}username`]), primary_email: String(r[`${prefix}email`]) });

function toConnection(r: Row): IntegrationConnection {
  return {
    id: String(r.id),
    organization_integration_id: String(r.organization_integration_id),
    supabase_project_ref: String(r.project_ref),
    foreign_project_id: String(r.foreign_project_id),
    metadata: { name: String(r.name), framework: (r.framework as string | null) ?? null },
    inserted_at: isoTime(r.inserted_at),
    updated_at: isoTime(r.updated_at),
    added_by: by(r),
  };
}

export class IntegrationStore {
  constructor(readonly control: ControlDatabase) {}

  private async withConnections(rows: Row[]): Promise<OrganizationIntegration[]> {
    if (!rows.length) return [];
    const conns = await this.control.query<Row>('select * from integration_connections where organization_integration_id = any($1::uuid[]) order by inserted_at, id', [rows.map((r) => r.id)]);
    return rows.map((r) => ({
      id: String(r.id),
      integration: { name: r.integration_name as 'GitHub' | 'Vercel' },
      organization_id: Number(r.organization_id),
      organization_slug: String(r.organization_slug),
      connections: conns.rows.filter((c) => String(c.organization_integration_id) === String(r.id)).map(toConnection),
      metadata: {
        account: { name: String(r.account_name), avatar_url: null, type: 'Organization' as const },
        gitHubConnectionOwner: String(r.added_by_username),
        installation_id: r.installation_id == null ? null : Number(r.installation_id),
      },
      inserted_at: isoTime(r.inserted_at),
      added_by: by(r),
    }));
  }

  async list(organizationId: number): Promise<OrganizationIntegration[]> {
    const r = await this.control.query<Row>('select * from org_integrations where organization_id = $1 order by inserted_at, id', [organizationId]);
    return this.withConnections(r.rows);
  }

  async get(id: string): Promise<OrganizationIntegration> {
    const r = await this.control.query<Row>('select * from org_integrations where id = $1', [id]);
    const [found] = await this.withConnections(r.rows);
    if (!found) throw new HttpError(404, `Integration not found: ${id}`, 'NOT_FOUND');
    return found;
  }

  async create(org: { id: number; slug: string }, name: 'GitHub' | 'Vercel', account: string, user: AuthenticatedUser, installationId: number | null = null): Promise<OrganizationIntegration> {
    const id = randomUUID();
    const r = await this.control.query(
      `insert into org_integrations (id, organization_id, organization_slug, integration_name, account_name, added_by_id, added_by_username, added_by_email, installation_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id`,
      [id, org.id, org.slug, name, account, user.id, user.username, user.email, installationId],
    );
    if (!r.rows.length) throw new HttpError(409, `The ${name} integration is already installed for this organization`, 'CONFLICT');
    return this.get(id);
  }

  /** The GitHub App installed for an account (GitHub's setup redirect): the organization's GitHub integration gets the installation, made if it has none. */
  async install(org: { id: number; slug: string }, account: string, user: AuthenticatedUser, installationId: number): Promise<OrganizationIntegration> {
    const r = await this.control.query<{ id: string }>(
      `update org_integrations set installation_id = $3, account_name = $4 where organization_id = $1 and integration_name = $2 returning id`,
      [org.id, 'GitHub', installationId, account],
    );
    if (r.rows[0]) return this.get(r.rows[0].id);
    return this.create(org, 'GitHub', account, user, installationId);
  }

  async connect(integrationId: string, c: { ref: string; repo: string; name: string; framework: string | null }, user: AuthenticatedUser): Promise<IntegrationConnection> {
    const id = randomUUID();
    const r = await this.control.query<Row>(
      `insert into integration_connections (id, organization_integration_id, project_ref, foreign_project_id, name, framework, added_by_id, added_by_username, added_by_email)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning *`,
      [id, integrationId, c.ref, c.repo, c.name, c.framework, user.id, user.username, user.email],
    );
    if (!r.rows[0]) throw new HttpError(409, 'This project is already connected to a repository through this integration', 'CONFLICT');
    return toConnection(r.rows[0]);
  }

  async connection(id: string): Promise<{ connection: IntegrationConnection; organizationSlug: string }> {
    const r = await this.control.query<Row>(
      `select c.*, i.organization_slug from integration_connections c join org_integrations i on i.id = c.organization_integration_id where c.id = $1`,
      [id],
    );
    if (!r.rows[0]) throw new HttpError(404, `Connection not found: ${id}`, 'NOT_FOUND');
    return { connection: toConnection(r.rows[0]), organizationSlug: String(r.rows[0].organization_slug) };
  }

  async deleteConnection(id: string): Promise<void> {
    await this.control.query('delete from integration_connections where id = $1', [id]);
  }

  /** The project's repository connection, if any: the repository (owner/repo) and its integration. */
  async connectionOf(ref: string): Promise<{ repository: string; integration: OrganizationIntegration } | null> {
    const r = await this.control.query<{ foreign_project_id: string; organization_integration_id: string }>(
      'select foreign_project_id, organization_integration_id from integration_connections where project_ref = $1 order by inserted_at limit 1',
      [ref],
    );
    const row = r.rows[0];
    return row ? { repository: row.foreign_project_id, integration: await this.get(String(row.organization_integration_id)) } : null;
  }

  /** The repository connected to a project, if any (owner/repo). */
  async repositoryOf(ref: string): Promise<string | null> {
    const r = await this.control.query<{ foreign_project_id: string }>('select foreign_project_id from integration_connections where project_ref = $1 order by inserted_at limit 1', [ref]);
    return r.rows[0]?.foreign_project_id ?? null;
  }
}
