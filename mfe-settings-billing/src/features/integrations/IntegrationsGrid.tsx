import { useState } from 'react';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { BranchIcon, UploadIcon } from '@plinth/shared-ui/icons';
import { EmptyState, StatusBadge } from '@plinth/shared-ui/layout';
import { Card } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import type { IntegrationName, OrganizationIntegration } from '@plinth/contracts-settings';
import { integrationCards, type IntegrationCard } from './integration-cards';
import { useInstallIntegration } from './use-integrations';

const ICONS: Record<IntegrationName, typeof BranchIcon> = { GitHub: BranchIcon, Vercel: UploadIcon };

/**
 * The second integrations page (integrations_v2 on): a card per integration the platform offers,
 * with its status and Install (not installed) or Manage (installed: its connections).
 */
export function IntegrationsGrid({ slug, integrations }: { slug: string; integrations: readonly OrganizationIntegration[] }) {
  const { notify } = useArea();
  const install = useInstallIntegration(slug);
  const [managing, setManaging] = useState<OrganizationIntegration | null>(null);
  const cards = integrationCards(integrations);

  const installOne = (card: IntegrationCard) =>
    install.mutate(card.name, {
      onSuccess: (done) => (done === 'installed' ? notify({ kind: 'success', message: `${card.name} installed` }) : undefined),
      onError: (err) => notify({ kind: 'error', message: `Failed to install ${card.name}: ${errorMessage(err)}` }),
    });

  return (
    <>
      <ul aria-label="Integrations" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.lg, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>
        {cards.map((card) => {
          const Icon = ICONS[card.name];
          return (
            <li key={card.name} css={{ display: 'grid', minWidth: 0 }}>
              <Card
                title={
                  <span css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.sm }}>
                    <Icon size={18} aria-hidden="true" />
                    {card.name}
                  </span>
                }
                description={card.description}
                footer={
                  card.installed ? (
                    <Button onClick={() => setManaging(card.installed)} aria-label={`Manage ${card.name}`}>
                      Manage
                    </Button>
                  ) : (
                    <Button variant="primary" onClick={() => installOne(card)} loading={install.isPending && install.variables === card.name} aria-label={`Install ${card.name}`}>
                      Install
                    </Button>
                  )
                }
              >
                <StatusBadge tone={card.installed ? 'success' : 'neutral'}>{card.status}</StatusBadge>
              </Card>
            </li>
          );
        })}
      </ul>
      {managing ? <ConnectionsDialog integration={managing} onClose={() => setManaging(null)} /> : null}
    </>
  );
}

function ConnectionsDialog({ integration, onClose }: { integration: OrganizationIntegration; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${integration.integration.name} connections`}
      description={`Installed for the account ${integration.metadata.account.name}.`}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </div>
      }
    >
      {integration.connections.length === 0 ? (
        <EmptyState title="No connections yet" description="Connect a repository to a project from the project's integration settings." />
      ) : (
        <ul aria-label="Connections" css={{ margin: 0, paddingLeft: tokens.space.lg, display: 'grid', gap: tokens.space.xs }}>
          {integration.connections.map((c) => (
            <li key={c.id}>
              <strong>{c.foreign_project_id}</strong> → project {c.supabase_project_ref}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
