import type { FeatureFlag } from '@plinth/shared-contracts';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';
import { environmentFlags } from './environment';
import { FeatureFlagService } from './service';

/**
 * A route's check that a feature is on for the project's organization: what a flag hides in the
 * console is refused by the API too (403 FEATURE_DISABLED with `message`), not only left off a menu.
 */
export function featureFlagGuard(control: ControlDatabase) {
  const flags = new FeatureFlagService(control, environmentFlags(process.env.PLINTH_FEATURE_FLAGS));
  return async (project: { organizationId: number; organizationSlug: string }, flag: FeatureFlag, message: string): Promise<void> => {
    const { flags: on } = await flags.forOrganization({ id: project.organizationId, slug: project.organizationSlug });
    if (!on[flag]) throw new HttpError(403, message, 'FEATURE_DISABLED');
  };
}
