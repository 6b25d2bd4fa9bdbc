import { useState } from 'react';
import { errorMessage, useArea, useFeatureFlag } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { PlusIcon, LockIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { EmptyState, InlineNotice, PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import type { Factor } from '@plinth/shared-contracts';
import { EnrolAuthenticator } from './EnrolAuthenticator';
import { useFactorMutations, useFactors } from './use-factors';

const factorName = (f: Factor) => f.friendly_name ?? 'Authenticator app';

/**
 * /account/security: the account's multi-factor authentication. The authenticators it has are
 * listed (and can be removed) always; adding one is offered only while the mfa_setup flag is on
 * (000 §6). Signing in with a factor already set up does not depend on the flag.
 */
export function AccountSecurity() {
  const setupOffered = useFeatureFlag('mfa_setup');
  const factors = useFactors();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);

  let body;
  if (factors.isPending) body = <LoadingSkeleton label="Loading authenticators" shape="card" rows={2} />;
  else if (factors.isError)
    body = <InlineError message="Failed to retrieve your authenticators" detail={factors.error.message} onRetry={() => void factors.refetch()} retrying={factors.isFetching} />;
  else if (factors.data.length === 0)
    body = (
      <EmptyState
        icon={<LockIcon size={24} />}
        title="No authenticator app yet"
        description={setupOffered ? 'Add one to be asked for a code from your phone at each sign-in.' : 'Signing in needs your password only.'}
        framed
      />
    );
  else
    body = (
      <Card flush>
        <ul aria-label="Authenticator apps" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {factors.data.map((f) => (
            <li key={f.id} css={{ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap', padding: `${tokens.space.md} ${tokens.space.xl}`, borderTop: `1px solid ${tokens.color.border}`, '&:first-of-type': { borderTop: 'none' } }}>
              <span css={{ flex: 1, minWidth: 0, fontWeight: tokens.fontWeight.medium }}>{factorName(f)}</span>
              <StatusBadge tone={f.status === 'verified' ? 'success' : 'warning'}>{f.status === 'verified' ? 'Verified' : 'Not verified'}</StatusBadge>
              <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>Added {new Date(f.created_at).toLocaleDateString()}</span>
              <Button size="small" variant="ghost" icon={<TrashIcon size={14} />} aria-label={`Remove ${factorName(f)}`} onClick={() => setRemoving(f)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    );

  return (
    <>
      <PageHeader title="Security" description="Multi-factor authentication for signing in to this account." />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 900, minWidth: 0 }}>
        <Section
          title="Authenticator apps"
          description="A code from an app on your phone, asked for after your password."
          actions={
            setupOffered && !adding ? (
              <Button variant="primary" icon={<PlusIcon size={14} />} onClick={() => setAdding(true)}>
                Add authenticator app
              </Button>
            ) : null
          }
        >
          {setupOffered && adding ? <EnrolAuthenticator onDone={() => setAdding(false)} /> : null}
          {!setupOffered ? <InlineNotice kind="info">Setting up multi-factor authentication is not available here yet.</InlineNotice> : null}
          {body}
        </Section>
      </div>
      {removing ? <RemoveFactorDialog factor={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

function RemoveFactorDialog({ factor, onClose }: { factor: Factor; onClose: () => void }) {
  const { notify } = useArea();
  const { remove } = useFactorMutations();
  const confirm = () =>
    remove.mutate(factor.id, {
      onSuccess: onClose,
      onError: (err) => notify({ kind: 'error', message: `Failed to remove the authenticator: ${errorMessage(err)}` }),
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="small"
      title="Remove authenticator app"
      dismissible={!remove.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={remove.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={confirm}>
            Remove
          </Button>
        </div>
      }
    >
      <p>
        <strong>{factorName(factor)}</strong> will no longer be asked for at sign-in.
      </p>
    </Dialog>
  );
}
