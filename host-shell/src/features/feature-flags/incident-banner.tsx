import { tokens } from '@plinth/shared-ui/theme';
import { WarningIcon } from '@plinth/shared-ui/icons';
import { useShellFeatureFlag } from './feature-flags';

/** The ongoing-incident banner (000 §6 flag ongoing_incident_banner): above every project page while the flag is on. */
export function IncidentBanner() {
  if (!useShellFeatureFlag('ongoing_incident_banner')) return null;
  return (
    <div
      role="status"
      data-banner="incident"
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: tokens.space.sm,
        flexWrap: 'wrap',
        flex: 'none',
        padding: `${tokens.space.sm} ${tokens.space.lg}`,
        borderBottom: `1px solid ${tokens.color.border}`,
        borderLeft: `3px solid ${tokens.color.warning}`,
        background: tokens.color.surface,
        fontSize: tokens.fontSize.sm,
      }}
    >
      <span aria-hidden="true" css={{ display: 'inline-flex', color: tokens.color.warningText }}>
        <WarningIcon size={16} />
      </span>
      <strong css={{ fontWeight: tokens.fontWeight.semibold }}>We are investigating an ongoing incident</strong>
      <span css={{ color: tokens.color.textMuted }}>Some of the platform's services may be slow or unavailable until it is resolved.</span>
    </div>
  );
}
