import { FREE_PROJECT_INACTIVITY_PAUSE_DAYS } from '@plinth/shared-contracts';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import type { AccessRegistry, ProjectRecord } from '@plinth/platform-core/access';

const DAY_MS = 86_400_000;

/** Pauses a running project (the projects service's pause: PAUSING → GOING_DOWN → INACTIVE). */
export type PauseProject = (rec: ProjectRecord) => Promise<unknown>;
/** The last UTC day (YYYY-MM-DD) apps called each project (the log store's counts). */
export type LastAppCallDays = (refs: string[]) => Promise<Map<string, string>>;

export interface InactiveProject {
  ref: string;
  name: string;
  organization_slug: string;
  /** The last sign of use: the project came up (created or restored), a SQL run, or an app's call. */
  last_active_at: string;
}

/**
 * Why the job paused a project, recorded as the detail of its PAUSING status event (the project's
 * status history, and the paused screen, show it): the rule and the last sign of use.
 */
export function inactivityPauseReason(p: Pick<InactiveProject, 'last_active_at'>): string {
  return `Paused by the Free plan's inactivity rule: no use for ${FREE_PROJECT_INACTIVITY_PAUSE_DAYS} days (last use ${p.last_active_at.slice(0, 10)})`;
}

/**
 * The free plan's rule "paused after 1 inactive week" (001 §9), run as a scheduled job: a running
 * project of an organization on the Free plan with no sign of use for FREE_PROJECT_INACTIVITY_PAUSE_DAYS
 * days is paused. Signs of use: the project coming up (created or restored), a query run in the
 * SQL editor, a call of its apps (the day of the last one, counted by the log store). Projects of
 * paid plans are never paused, nor are preview branches (they pause with their parent).
 */
export class InactivityPauser {
  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
    private readonly pause: PauseProject,
    private readonly lastAppCallDays: LastAppCallDays = async () => new Map(),
  ) {}

  /** The running free projects idle for the whole period, with their last sign of use. */
  async inactive(now = new Date()): Promise<InactiveProject[]> {
    const cutoff = now.getTime() - FREE_PROJECT_INACTIVITY_PAUSE_DAYS * DAY_MS;
    const r = await this.control.query<{ ref: string; name: string; slug: string; came_up: string | Date; last_sql: string | Date | null }>(
      `select p.ref, p.name, o.slug,
              greatest(p.inserted_at, coalesce((select max(e.at) from project_status_events e where e.project_id = p.id and e.status = 'ACTIVE_HEALTHY'), p.inserted_at)) as came_up,
              (select max(h.ran_at) from sql_run_history h where h.project_ref = p.ref) as last_sql
         from projects p join organizations o on o.id = p.organization_id
        where o.plan = 'free' and p.status = 'ACTIVE_HEALTHY' and p.parent_project_ref is null
        order by p.id`,
      [],
    );
    const candidates = r.rows
      .map((p) => ({ ...p, last: Math.max(new Date(p.came_up).getTime(), p.last_sql ? new Date(p.last_sql).getTime() : 0) }))
      .filter((p) => p.last < cutoff);
    if (!candidates.length) return [];
    const calls = await this.lastAppCallDays(candidates.map((p) => p.ref));
    const out: InactiveProject[] = [];
    for (const p of candidates) {
      const day = calls.get(p.ref);
      // A call on a day counts as use until that day's end.
      const lastCall = day ? new Date(`${day}T00:00:00Z`).getTime() + DAY_MS - 1 : 0;
      const last = Math.max(p.last, lastCall);
      if (last < cutoff) out.push({ ref: p.ref, name: p.name, organization_slug: p.slug, last_active_at: new Date(last).toISOString() });
    }
    return out;
  }

  /**
   * Pauses every inactive free project and records why on the PAUSING event the pause wrote (a
   * pause by a member leaves it empty); answers those it paused (one that fails to pause is skipped
   * and tried again next run).
   */
  async run(now = new Date(), warn: (message: string, err: unknown) => void = () => undefined): Promise<InactiveProject[]> {
    const paused: InactiveProject[] = [];
    for (const p of await this.inactive(now)) {
      const rec = await this.access.project(p.ref);
      if (!rec) continue;
      try {
        await this.pause(rec);
        await this.control.query(
          `update project_status_events set detail = $2
            where id = (select max(id) from project_status_events where project_id = $1 and status = 'PAUSING') and detail is null`,
          [rec.id, inactivityPauseReason(p)],
        );
        paused.push(p);
      } catch (err) {
        warn(`Could not pause the inactive free project ${p.ref}`, err);
      }
    }
    return paused;
  }
}
