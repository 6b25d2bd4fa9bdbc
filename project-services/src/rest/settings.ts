import { HIDDEN_SCHEMAS } from '@plinth/contracts-database';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { forgetProjectRecords, ProjectRecordCache } from '../caller';

// The data API's settings of each project, in the control database: the schemas it exposes
// (default public; the hidden system schemas never, whatever is stored) and the most rows one
// request answers. A project without a row uses the defaults.

export const DEFAULT_EXPOSED_SCHEMAS = ['public'];
export const DEFAULT_MAX_ROWS = 1000;
const HIDDEN: ReadonlySet<string> = new Set([...HIDDEN_SCHEMAS, 'pg_catalog', 'pg_toast']);


export interface RestSettings {
  /** Exposed schemas, in order; the first is the default when a request names none. */
  schemas: string[];
  maxRows: number | null;
}

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
    const r = await this.control.query<{ jwt_secret: string; exposed_schemas: string[] | null; max_rows: number | null; has_row: boolean }>(
      `select p.jwt_secret, s.exposed_schemas, s.max_rows, s.project_ref is not null as has_row
       from projects p left join project_rest_settings s on s.project_ref = p.ref where p.ref = $1`,
      [ref],
    );
    const row = r.rows[0];
    if (!row?.jwt_secret) return null;
    const schemas = (row.has_row ? (row.exposed_schemas ?? []) : DEFAULT_EXPOSED_SCHEMAS).filter(isExposable);
    return { ref, jwtSecret: row.jwt_secret, settings: { schemas, maxRows: row.has_row ? row.max_rows : DEFAULT_MAX_ROWS } };
  }

  /** Stores the exposed schemas (hidden ones are dropped) and the row cap (null: no cap). */
  async update(ref: string, settings: { schemas: string[]; maxRows: number | null }): Promise<RestSettings> {
    const schemas = [...new Set(settings.schemas)].filter(isExposable);
    await this.control.query(
      `insert into project_rest_settings (project_ref, exposed_schemas, max_rows) values ($1, $2, $3)
       on conflict (project_ref) do update set exposed_schemas = excluded.exposed_schemas, max_rows = excluded.max_rows, updated_at = now()`,
      [ref, schemas, settings.maxRows],
    );
    forgetProjectRecords(ref);
    return { schemas, maxRows: settings.maxRows };
  }
}
