import { HIDDEN_SCHEMAS } from '@plinth/contracts-database';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { forgetProjectRecords, ProjectRecordCache } from '../caller';

// The data API's settings of each project, in the control database: the schemas it exposes
// (default public; the hidden system schemas never, whatever is stored) and the most rows one
// request answers. A project without a row uses the defaults.

export const DEFAULT_EXPOSED_SCHEMAS = ['public'];
export const DEFAULT_MAX_ROWS = 1000;
export const DEFAULT_EXTRA_SEARCH_PATH = ['public'];
const HIDDEN: ReadonlySet<string> = new Set([...HIDDEN_SCHEMAS, 'pg_catalog', 'pg_toast']);


export interface RestSettings {
  /** Exposed schemas, in order; the first is the default when a request names none. */
  schemas: string[];
  maxRows: number | null;
  /** Schemas on each request's search path after the one it asked for (Settings → API, "Extra search path"). */
  extraSearchPath: string[];
  /** Aggregate functions in `select` (PostgREST's db-aggregates-enabled); off by default. */
  aggregatesEnabled: boolean;
  /** How a request's transaction ends, and whether `Prefer: tx=` may choose (PostgREST's db-tx-end); commit by default. */
  txEnd: TxEnd;
  /** `Accept: application/vnd.pgrst.plan` answers the statement's plan (PostgREST's db-plan-enabled); off by default. */
  planEnabled: boolean;
}

export const TX_ENDS = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'] as const;
export type TxEnd = (typeof TX_ENDS)[number];
const txEndOf = (v: string | null | undefined): TxEnd => ((TX_ENDS as readonly string[]).includes(v ?? '') ? (v as TxEnd) : 'commit');

export interface RestProject {
  ref: string;
  jwtSecret: string;
  settings: RestSettings;
}

export function isExposable(schema: string): boolean {
  return !HIDDEN.has(schema) && !schema.startsWith('pg_');
}

const projects = new ProjectRecordCache<RestProject | null>();

export class RestSettingsStore {
  constructor(private readonly control: ControlDatabase) {}

  /** The project's JWT secret and data API settings in one read (kept briefly, see ProjectRecordCache); null for an unknown project. */
  project(ref: string): Promise<RestProject | null> {
    return projects.get(this.control, ref, () => this.read(ref));
  }

  private async read(ref: string): Promise<RestProject | null> {
    const r = await this.control.query<{ jwt_secret: string; exposed_schemas: string[] | null; max_rows: number | null; extra_search_path: string[] | null; aggregates_enabled: boolean | null; tx_end: string | null; plan_enabled: boolean | null; has_row: boolean }>(
      `select p.jwt_secret, s.exposed_schemas, s.max_rows, s.extra_search_path, s.aggregates_enabled, s.tx_end, s.plan_enabled, s.project_ref is not null as has_row
       from projects p left join project_rest_settings s on s.project_ref = p.ref where p.ref = $1`,
      [ref],
    );
    const row = r.rows[0];
    if (!row?.jwt_secret) return null;
    const schemas = (row.has_row ? (row.exposed_schemas ?? []) : DEFAULT_EXPOSED_SCHEMAS).filter(isExposable);
    const extraSearchPath = row.extra_search_path ?? DEFAULT_EXTRA_SEARCH_PATH;
    return { ref, jwtSecret: row.jwt_secret, settings: { schemas, maxRows: row.has_row ? row.max_rows : DEFAULT_MAX_ROWS, extraSearchPath, aggregatesEnabled: row.aggregates_enabled === true, txEnd: txEndOf(row.tx_end), planEnabled: row.plan_enabled === true } };
  }

  /** Stores the exposed schemas (hidden ones are dropped), the row cap (null: no cap) and, when given, the switches (else they are kept). */
  async update(ref: string, settings: { schemas: string[]; maxRows: number | null; extraSearchPath?: string[]; aggregatesEnabled?: boolean; txEnd?: TxEnd; planEnabled?: boolean }): Promise<RestSettings> {
    const schemas = [...new Set(settings.schemas)].filter(isExposable);
    const extraSearchPath = settings.extraSearchPath ? [...new Set(settings.extraSearchPath)] : DEFAULT_EXTRA_SEARCH_PATH;
    const r = await this.control.query<{ aggregates_enabled: boolean; tx_end: string; plan_enabled: boolean }>(
      `insert into project_rest_settings (project_ref, exposed_schemas, max_rows, extra_search_path, aggregates_enabled, tx_end, plan_enabled)
       values ($1, $2, $3, $4, coalesce($5::boolean, false), coalesce($6::text, 'commit'), coalesce($7::boolean, false))
       on conflict (project_ref) do update set exposed_schemas = excluded.exposed_schemas, max_rows = excluded.max_rows, extra_search_path = excluded.extra_search_path,
         aggregates_enabled = coalesce($5::boolean, project_rest_settings.aggregates_enabled), tx_end = coalesce($6::text, project_rest_settings.tx_end),
         plan_enabled = coalesce($7::boolean, project_rest_settings.plan_enabled), updated_at = now()
       returning aggregates_enabled, tx_end, plan_enabled`,
      [ref, schemas, settings.maxRows, extraSearchPath, settings.aggregatesEnabled ?? null, settings.txEnd ?? null, settings.planEnabled ?? null],
    );
    forgetProjectRecords(ref);
    const row = r.rows[0];
    return { schemas, maxRows: settings.maxRows, extraSearchPath, aggregatesEnabled: row?.aggregates_enabled === true, txEnd: txEndOf(row?.tx_end), planEnabled: row?.plan_enabled === true };
  }
}
