import type { AuditLogEntry, AuditLogFilter, AuditLogPage } from '@plinth/contracts-billing';
import type { ControlDatabase } from '@plinth/platform-core/deps';

interface Row {
  id: string | number;
  occurred_at: Date | string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string;
  status: number;
  ip_address: string | null;
  organization_slug: string | null;
  project_ref: string | null;
}

const toEntry = (r: Row): AuditLogEntry => ({
  id: String(r.id),
  occurred_at: new Date(r.occurred_at).toISOString(),
  actor_id: r.actor_id,
  actor_email: r.actor_email,
  action: r.action,
  target: r.target,
  status: Number(r.status),
  ip_address: r.ip_address,
  organization_slug: r.organization_slug,
  project_ref: r.project_ref,
});

/** Reads the audit log of an organization, or of one user's own writes, newest first, filtered. */
export class AuditLogService {
  constructor(private readonly control: Pick<ControlDatabase, 'query'>) {}

  private async page(scope: { column: 'organization_id' | 'actor_id'; value: number | string }, f: AuditLogFilter): Promise<AuditLogPage> {
    const where = [`${scope.column} = $1`];
    const args: unknown[] = [scope.value];
    if (f.actor) where.push(`actor_id = $${args.push(f.actor)}`);
    if (f.action) where.push(`action = $${args.push(f.action)}`);
    if (f.from) where.push(`occurred_at >= $${args.push(new Date(f.from))}`);
    if (f.to) where.push(`occurred_at <= $${args.push(new Date(f.to))}`);
    const cond = where.join(' and ');
    const total = await this.control.query<{ n: number }>(`select count(*)::int as n from audit_log where ${cond}`, args);
    const limit = Math.min(Math.max(f.limit ?? 100, 1), 1000);
    const r = await this.control.query<Row>(
      `select id, occurred_at, actor_id, actor_email, action, target, status, ip_address, organization_slug, project_ref
         from audit_log where ${cond} order by occurred_at desc, id desc limit ${limit}`,
      args,
    );
    return { entries: r.rows.map(toEntry), total: total.rows[0]?.n ?? 0 };
  }

  forOrganization(orgId: number, f: AuditLogFilter): Promise<AuditLogPage> {
    return this.page({ column: 'organization_id', value: orgId }, f);
  }

  forUser(userId: string, f: AuditLogFilter): Promise<AuditLogPage> {
    return this.page({ column: 'actor_id', value: userId }, f);
  }
}
