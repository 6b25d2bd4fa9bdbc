import { useState } from 'react';
import { errorMessage, useArea } from '@plinth/area-kit';
import { INTEGRATION_MESSAGES, type IntegrationConnection, type OrganizationIntegration } from '@plinth/contracts-settings';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { EmptyState } from '@plinth/shared-ui/layout';
import { Card } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { ConnectRepositoryDialog } from './ConnectRepositoryDialog';
import { useDeleteConnection } from './use-integrations';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * A card per installed integration with its connections (000 §2.6): each repository and the project
 * it binds to, who added it and when, and Disconnect (with confirmation). On a project's page, a
 * code-hosting integration offers Connect repository while the project has no connection through it.
 */
export function ConnectionCards({ slug, integrations, projectRef }: { slug: string; integrations: readonly OrganizationIntegration[]; projectRef?: string }) {
  const { can } = useArea();
  const mayWrite = can(PERMISSIONS.INTEGRATIONS_WRITE);
  const [connecting, setConnecting] = useState<OrganizationIntegration | null>(null);
  const [removing, setRemoving] = useState<IntegrationConnection | null>(null);
  if (integrations.length === 0) return null;
  return (
    <section aria-labelledby="connections-heading" css={{ display: 'grid', gap: tokens.space.lg, marginTop: tokens.space.xxl }}>
      <h2 id="connections-heading" css={{ margin: 0, fontSize: tokens.fontSize.lg }}>
        Connections
      </h2>
      {integrations.map((integration) => {
        const connectable = integration.integration.name === 'GitHub' && !!projectRef && !integration.connections.some((c) => c.supabase_project_ref === projectRef);
        return (
          <Card
            key={integration.id}
            title={`${integration.integration.name} connections`}
            description={`Account ${integration.metadata.account.name}`}
            actions={
              connectable && mayWrite ? (
                <Button size="small" variant="primary" onClick={() => setConnecting(integration)}>
                  Connect repository
                </Button>
              ) : undefined
            }
            flush
          >
            {integration.connections.length === 0 ? (
              <div css={{ padding: tokens.space.lg }}>
                <EmptyState title="No connections yet" description={projectRef ? 'Connect a repository to this project to make preview branches from its git branches.' : "Connect a repository from a project's integration settings."} />
              </div>
            ) : (
              <ul aria-label={`${integration.integration.name} connections`} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {integration.connections.map((c) => (
                  <li
                    key={c.id}
                    css={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.space.md, padding: `${tokens.space.md} ${tokens.space.xl}`, borderTop: `1px solid ${tokens.color.border}`, '&:first-of-type': { borderTop: 'none' } }}
                  >
                    <span css={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      <strong>{c.foreign_project_id}</strong> → project <code>{c.supabase_project_ref}</code>
                    </span>
                    <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
                      Added by {c.added_by.primary_email} on {when(c.inserted_at)}
                    </span>
                    {mayWrite ? (
                      <Button size="small" variant="danger" onClick={() => setRemoving(c)} aria-label={`Disconnect ${c.foreign_project_id}`}>
                        Disconnect
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
      {connecting && projectRef ? <ConnectRepositoryDialog integration={connecting} projectRef={projectRef} onClose={() => setConnecting(null)} /> : null}
      {removing ? <DisconnectDialog slug={slug} connection={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

function DisconnectDialog({ slug, connection, onClose }: { slug: string; connection: IntegrationConnection; onClose: () => void }) {
  const { notify } = useArea();
  const remove = useDeleteConnection(slug);
  const confirm = () =>
    remove.mutate(connection.id, {
      onSuccess: () => {
        notify({ kind: 'success', message: `Disconnected ${connection.foreign_project_id}` });
        onClose();
      },
      onError: (err) => {
        notify({ kind: 'error', message: INTEGRATION_MESSAGES.deleteConnectionFailed(errorMessage(err)) });
        onClose();
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Disconnect ${connection.foreign_project_id}?`}
      description={`Project ${connection.supabase_project_ref} will no longer follow this repository. Its preview branches stay until deleted.`}
      dismissible={!remove.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={remove.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Disconnect
          </Button>
        </div>
      }
    />
  );
}
