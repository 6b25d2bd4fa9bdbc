import { EmptyState, StatusBadge } from '@plinth/shared-ui/layout';
import { Card } from '@plinth/shared-ui/page';
import { BranchIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import type { OrganizationIntegration } from '@plinth/contracts-settings';

/** The integrations page as it is (integrations_v2 off): the installed integrations, one row each. */
export function IntegrationsList({ integrations }: { integrations: readonly OrganizationIntegration[] }) {
  if (integrations.length === 0) {
    return <EmptyState icon={<BranchIcon size={24} />} title="No integrations installed" description="Installed integrations, such as GitHub, are listed here." framed />;
  }
  return (
    <Card flush>
      <ul aria-label="Installed integrations" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {integrations.map((i) => (
          <li
            key={i.id}
            css={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.space.md, padding: `${tokens.space.md} ${tokens.space.xl}`, borderTop: `1px solid ${tokens.color.border}`, '&:first-of-type': { borderTop: 'none' } }}
          >
            <span css={{ flex: 1, minWidth: 0, fontWeight: tokens.fontWeight.medium }}>{i.integration.name}</span>
            <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>Account {i.metadata.account.name}</span>
            <StatusBadge tone="success">{`${i.connections.length} ${i.connections.length === 1 ? 'connection' : 'connections'}`}</StatusBadge>
          </li>
        ))}
      </ul>
    </Card>
  );
}
