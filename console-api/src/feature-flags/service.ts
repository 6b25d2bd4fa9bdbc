import type { FeatureFlag, FeatureFlagsAnswer, FeatureFlagValues } from '@plinth/shared-contracts';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { isFeatureFlag } from './environment';

/**
 * Flag values: the environment's (the deploy environment's, with platform admins' environment-wide
 * settings, feature_flag_environment_overrides, over them), with an organization's own settings
 * (feature_flag_overrides) over those.
 */
export class FeatureFlagService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly environment: FeatureFlagValues,
  ) {}

  /** The deploy environment's values (PLINTH_FEATURE_FLAGS over the defaults). */
  get deploy(): FeatureFlagValues {
    return { ...this.environment };
  }

  /** Platform admins' environment-wide settings. */
  async environmentOverrides(): Promise<Partial<FeatureFlagValues>> {
    const r = await this.control.query<{ flag: string; enabled: boolean }>('select flag, enabled from feature_flag_environment_overrides order by flag');
    const out: Partial<FeatureFlagValues> = {};
    for (const row of r.rows) if (isFeatureFlag(row.flag)) out[row.flag] = row.enabled;
    return out;
  }

  /** What an organization without settings of its own gets. */
  async environmentValues(): Promise<FeatureFlagValues> {
    return { ...this.environment, ...(await this.environmentOverrides()) };
  }

  /** Sets a flag's environment-wide value; null removes the setting (the deploy environment's applies again). */
  async setEnvironment(flag: FeatureFlag, enabled: boolean | null): Promise<void> {
    if (enabled === null) {
      await this.control.query('delete from feature_flag_environment_overrides where flag = $1', [flag]);
      return;
    }
    await this.control.query(
      `insert into feature_flag_environment_overrides (flag, enabled) values ($1, $2)
       on conflict (flag) do update set enabled = excluded.enabled, updated_at = now()`,
      [flag, enabled],
    );
  }

  async forOrganization(org: { id: number; slug: string } | null): Promise<FeatureFlagsAnswer> {
    const flags = await this.environmentValues();
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
