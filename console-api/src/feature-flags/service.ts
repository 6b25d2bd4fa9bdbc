import type { FeatureFlag, FeatureFlagsAnswer, FeatureFlagValues } from '@plinth/shared-contracts';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { isFeatureFlag } from './environment';

/** Flag values: the environment's, with an organization's own settings (feature_flag_overrides) over them. */
export class FeatureFlagService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly environment: FeatureFlagValues,
  ) {}

  async forOrganization(org: { id: number; slug: string } | null): Promise<FeatureFlagsAnswer> {
    const flags = { ...this.environment };
    const overridden: FeatureFlag[] = [];
    if (org) {
      const r = await this.control.query<{ flag: string; enabled: boolean }>('select flag, enabled from feature_flag_overrides where organization_id = $1 order by flag', [org.id]);
      for (const row of r.rows) {
        if (!isFeatureFlag(row.flag)) continue; // a flag the console no longer has
        flags[row.flag] = row.enabled;
        overridden.push(row.flag);
      }
    }
    return { flags, organization: org?.slug ?? null, overridden };
  }

  /** Sets the organization's own value of a flag; null removes it (the environment's applies again). */
  async set(organizationId: number, flag: FeatureFlag, enabled: boolean | null): Promise<void> {
    if (enabled === null) {
      await this.control.query('delete from feature_flag_overrides where organization_id = $1 and flag = $2', [organizationId, flag]);
      return;
    }
    await this.control.query(
      `insert into feature_flag_overrides (organization_id, flag, enabled) values ($1, $2, $3)
       on conflict (organization_id, flag) do update set enabled = excluded.enabled, updated_at = now()`,
      [organizationId, flag, enabled],
    );
  }
}
