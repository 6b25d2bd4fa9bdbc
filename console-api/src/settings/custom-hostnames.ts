import { randomUUID } from 'node:crypto';
import { CUSTOM_HOSTNAME_API_MESSAGES, type CustomHostname } from '@plinth/contracts-settings';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';
import { challengeName, checkOwnership, newVerificationToken, type TxtLookup } from './custom-domain';

// A project's custom hostname, one per project, through the steps of 001 §4's custom-domain polling:
// added (2_initiated: a TXT record to publish), proved (4_origin_setup_completed: the record was
// found; the project services' listener answers any host name, so the origin needs nothing more),
// then activated (5_services_reconfigured: the services answer on it and every copied URL uses it).
// An active hostname belongs to one project only (a unique index).

const ACTIVE = '5_services_reconfigured';
const VERIFIED = '4_origin_setup_completed';

interface Row {
  id: string;
  hostname: string;
  status: string;
  ssl_status: string;
  created_at: unknown;
  verification_token: string | null;
  verification_error: string | null;
}

export class CustomHostnames {
  constructor(
    private readonly control: ControlDatabase,
    private readonly lookup: TxtLookup,
  ) {}

  private async row(ref: string): Promise<Row | undefined> {
    const r = await this.control.query<Row>(
      'select id, hostname, status, ssl_status, created_at, verification_token, verification_error from custom_hostnames where project_ref = $1',
      [ref],
    );
    return r.rows[0];
  }

  async read(ref: string, freePlan: boolean): Promise<CustomHostname> {
    if (freePlan) return { status: '0_not_allowed', data: null };
    const row = await this.row(ref);
    if (!row) return { status: '0_no_hostname_configured', data: null };
    return {
      status: row.status as CustomHostname['status'],
      data: {
        result: {
          id: row.id,
          hostname: row.hostname,
          ssl: { status: row.ssl_status },
          status: row.status === ACTIVE ? 'active' : 'pending',
          created_at: isoTime(row.created_at),
          ownership_verification: row.verification_token ? { type: 'txt', name: challengeName(row.hostname), value: row.verification_token } : null,
          verification_errors: row.verification_error ? [row.verification_error] : [],
        },
      },
    };
  }

  /** Adds or changes the hostname. The same hostname again keeps its record and its progress. */
  async claim(ref: string, hostname: string): Promise<void> {
    const taken = await this.control.query('select 1 from custom_hostnames where hostname = $1 and status = $2 and project_ref <> $3', [hostname, ACTIVE, ref]);
    if (taken.rows.length) throw new HttpError(409, `${hostname} is already the custom domain of another project`, 'HOSTNAME_TAKEN', 'custom_hostname');
    await this.control.query(
      `insert into custom_hostnames (project_ref, id, hostname, status, ssl_status, verification_token) values ($1, $2, $3, '2_initiated', 'pending_validation', $4)
       on conflict (project_ref) do update set
         id = case when custom_hostnames.hostname = excluded.hostname then custom_hostnames.id else excluded.id end,
         status = case when custom_hostnames.hostname = excluded.hostname and custom_hostnames.verification_token is not null then custom_hostnames.status else excluded.status end,
         ssl_status = case when custom_hostnames.hostname = excluded.hostname and custom_hostnames.verification_token is not null then custom_hostnames.ssl_status else excluded.ssl_status end,
         verification_token = case when custom_hostnames.hostname = excluded.hostname then coalesce(custom_hostnames.verification_token, excluded.verification_token) else excluded.verification_token end,
         verification_error = case when custom_hostnames.hostname = excluded.hostname then custom_hostnames.verification_error end,
         created_at = case when custom_hostnames.hostname = excluded.hostname then custom_hostnames.created_at else now() end`,
      [ref, randomUUID(), hostname, newVerificationToken()],
    );
  }

  /** Looks for the TXT record now; found, the hostname is ready to activate. */
  async verify(ref: string): Promise<void> {
    const row = await this.requireRow(ref);
    if (row.status === ACTIVE || row.status === VERIFIED) return;
    const token = row.verification_token ?? newVerificationToken();
    const check = await checkOwnership(this.lookup, row.hostname, token);
    await this.control.query(
      `update custom_hostnames set status = $3, ssl_status = $4, verification_token = $5, verification_error = $6, checked_at = now()
       where project_ref = $1 and hostname = $2 and status not in ($7, $8)`,
      [ref, row.hostname, check.verified ? VERIFIED : '2_initiated', check.verified ? 'active' : 'pending_validation', token, check.verified ? null : check.error, ACTIVE, VERIFIED],
    );
  }

  /** Serves the proved hostname: from now on the project services answer on it. */
  async activate(ref: string): Promise<void> {
    const row = await this.requireRow(ref);
    if (row.status === ACTIVE) return;
    if (row.status !== VERIFIED) {
      throw new HttpError(409, `${row.hostname} is not verified yet: publish the TXT record ${challengeName(row.hostname)} and verify it first`, 'NOT_VERIFIED');
    }
    try {
      await this.control.query('update custom_hostnames set status = $2 where project_ref = $1 and status = $3', [ref, ACTIVE, VERIFIED]);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new HttpError(409, `${row.hostname} is already the custom domain of another project`, 'HOSTNAME_TAKEN');
      throw err;
    }
  }

  async remove(ref: string): Promise<void> {
    await this.control.query('delete from custom_hostnames where project_ref = $1', [ref]);
  }

  private async requireRow(ref: string): Promise<Row> {
    const row = await this.row(ref);
    if (!row) throw new HttpError(400, CUSTOM_HOSTNAME_API_MESSAGES.noConfiguration, 'NO_HOSTNAME');
    return row;
  }
}
