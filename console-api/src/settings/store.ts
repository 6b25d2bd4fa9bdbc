import { randomUUID } from 'node:crypto';
import type { JwtSecretUpdateStatus } from '@plinth/contracts-settings';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';
import { newJwtSecret, signApiKey } from './keys';
import type { ProjectRecords } from '@plinth/project-services';

// Project settings kept in the control database: the keys (the core's projects table), JWT secret
// rotations (a table of this domain); custom hostnames are in custom-hostnames.ts.


export interface ProjectKeys {
  ref: string;
  name: string;
  jwt_secret: string;
  anon_key: string;
  service_role_key: string;
}

export class SettingsStore {
  /** Rotations in flight, so tests and shutdown can wait for them. */
  readonly pending = new Map<string, Promise<void>>();
  constructor(
    private readonly control: ControlDatabase,
    /** The project services' memory of the project's secret, forgotten once a rotation is written. */
    private readonly records: ProjectRecords,
  ) {}

  async keys(ref: string): Promise<ProjectKeys> {
    const r = await this.control.query<ProjectKeys>('select ref, name, jwt_secret, anon_key, service_role_key from projects where ref = $1', [ref]);
    if (!r.rows[0]) throw new HttpError(404, `Project not found: ${ref}`, 'NOT_FOUND');
    return r.rows[0];
  }

  async jwtStatus(ref: string): Promise<JwtSecretUpdateStatus> {
    const r = await this.control.query<{ change_tracking_id: string; status: 'Updating' | 'Updated' | 'Failed'; progress: string | null; error: string | null }>(
      'select change_tracking_id, status, progress, error from jwt_secret_updates where project_ref = $1 order by id desc limit 1',
      [ref],
    );
    const row = r.rows[0];
    return { jwtSecretUpdateStatus: row ? { meta: { change_tracking_id: row.change_tracking_id, status: row.status, progress: row.progress, error: row.error } } : null };
  }

  /**
   * Starts a rotation: answers at once with status Updating; the new secret and the re-signed
   * anon and service_role keys are written in the background, then the status reads Updated
   * (or Failed with the reason).
   */
  async rotate(ref: string, secret?: string, changeTrackingId: string = randomUUID()): Promise<JwtSecretUpdateStatus> {
    if (this.pending.has(ref)) throw new HttpError(409, 'A JWT secret update is already in progress for this project', 'CONFLICT');
    await this.keys(ref);
    await this.control.query(
      `insert into jwt_secret_updates (project_ref, change_tracking_id, status, progress) values ($1, $2, 'Updating', 'Regenerating API keys')`,
      [ref, changeTrackingId],
    );
    const work = (async () => {
      await new Promise((r) => setImmediate(r));
      try {
        const jwtSecret = secret ?? newJwtSecret();
        const [anonKey, serviceRoleKey] = await Promise.all([signApiKey(ref, 'anon', jwtSecret), signApiKey(ref, 'service_role', jwtSecret)]);
        await this.control.transaction(async (tx) => {
          await tx.query('update projects set jwt_secret = $2, anon_key = $3, service_role_key = $4 where ref = $1', [ref, jwtSecret, anonKey, serviceRoleKey]);
          await tx.query(`update jwt_secret_updates set status = 'Updated', progress = 'API keys regenerated', updated_at = now() where change_tracking_id = $1`, [changeTrackingId]);
        });
        // The app-facing endpoints keep the secret in memory: the next request reads the new one.
        this.records.forget(ref);
      } catch (err) {
        await this.control
          .query(`update jwt_secret_updates set status = 'Failed', error = $2, updated_at = now() where change_tracking_id = $1`, [changeTrackingId, (err as Error).message])
          .catch(() => undefined);
      }
    })().finally(() => this.pending.delete(ref));
    this.pending.set(ref, work);
    return this.jwtStatus(ref);
  }
}
