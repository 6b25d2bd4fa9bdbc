import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAGS, type FeatureFlag, type FeatureFlagValues } from '@plinth/shared-contracts';

// The environment's flag values: the console's defaults, changed by PLINTH_FEATURE_FLAGS, a comma
// separated list of `flag=on` / `flag=off` set by the deploy environment, e.g.
// PLINTH_FEATURE_FLAGS="ongoing_incident_banner=on,ai_rename=off".

const ON = new Set(['on', 'true', '1', 'yes']);
const OFF = new Set(['off', 'false', '0', 'no']);

export const isFeatureFlag = (name: string): name is FeatureFlag => (FEATURE_FLAGS as readonly string[]).includes(name);

/** The environment's values; a flag or value the console does not know stops the server with a message naming it. */
export function environmentFlags(setting: string | undefined): FeatureFlagValues {
  const values: FeatureFlagValues = { ...FEATURE_FLAG_DEFAULTS };
  for (const part of (setting ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name = '', value = 'on'] = part.split('=').map((s) => s.trim());
    if (!isFeatureFlag(name)) throw new Error(`PLINTH_FEATURE_FLAGS names an unknown flag "${name}"; known flags: ${FEATURE_FLAGS.join(', ')}`);
    const v = value.toLowerCase();
    if (!ON.has(v) && !OFF.has(v)) throw new Error(`PLINTH_FEATURE_FLAGS gives ${name} the value "${value}"; use on or off`);
    values[name] = ON.has(v);
  }
  return values;
}
