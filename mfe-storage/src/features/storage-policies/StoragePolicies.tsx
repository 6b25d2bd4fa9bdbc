import { errorMessage, RowActions, useArea } from '@plinth/area-kit';
import { PERMISSION_MESSAGES, PERMISSIONS } from '@plinth/shared-contracts';
import type { Policy } from '@plinth/contracts-database';
import { STORAGE_MESSAGES } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { EditIcon, FolderIcon, PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { Badge, EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useMemo, useState, type ReactNode } from 'react';
import { useBuckets } from '../../area/use-buckets';
import { PolicyDialogs, preloadPolicyDialogs, type StoragePolicyDialog } from './PolicyDialogs';
import { expressionText, groupStoragePolicies, rolesText } from './policy-groups';
import { useStoragePolicies } from './queries';

const c = tokens.color;
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' as const, minWidth: 0 };

/** The storage policies page (001 §2): a panel per bucket, then the other storage.objects policies and the storage.buckets ones. */
export function StoragePolicies() {
  const { can } = useArea();
  const canWrite = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const buckets = useBuckets();
  const policies = useStoragePolicies();
  const [dialog, setDialog] = useState<StoragePolicyDialog>({ kind: 'closed' });
  const groups = useMemo(() => groupStoragePolicies(buckets.data ?? [], policies.data ?? []), [buckets.data, policies.data]);
  const failed = buckets.error ?? policies.error;

  const newPolicy = (label: string, open: StoragePolicyDialog) => (
    <PermissionTooltip allowed={canWrite} message={PERMISSION_MESSAGES.createPolicies}>
      <Button size="small" icon={<PlusIcon size={14} />} aria-label={label} onClick={() => setDialog(open)} onPointerEnter={preloadPolicyDialogs} onFocus={preloadPolicyDialogs}>
        New policy
      </Button>
    </PermissionTooltip>
  );
  const list = (items: Policy[], table: 'objects' | 'buckets', label: string) => (
    <PolicyList label={label} policies={items} canWrite={canWrite} onEdit={(policy) => setDialog({ kind: 'editor', table, bucketId: null, policy })} onDelete={(policy) => setDialog({ kind: 'delete', policy })} />
  );

  let body: ReactNode;
  if (failed) {
    body = <InlineError message="Failed to load the storage policies" detail={errorMessage(failed)} onRetry={() => { void buckets.refetch(); void policies.refetch(); }} />;
  } else if (buckets.isPending || policies.isPending) {
    body = <LoadingSkeleton label="Loading storage policies" rows={6} shape="card" />;
  } else {
    body = (
      <>
        {groups.buckets.length === 0 ? (
          <EmptyState framed icon={<FolderIcon size={24} />} title={STORAGE_MESSAGES.noBucketForPolicies} />
        ) : (
          groups.buckets.map(({ bucket, policies: own }) => (
            <Card key={bucket.id} title={bucket.name} description={bucket.public ? 'Public bucket' : undefined} flush
              actions={newPolicy(`New policy for ${bucket.name}`, { kind: 'editor', table: 'objects', bucketId: bucket.id })}>
              {list(own, 'objects', `Policies of ${bucket.name}`)}
            </Card>
          ))
        )}
        <hr css={{ border: 0, borderTop: `1px solid ${c.border}`, margin: 0, width: '100%' }} />
        <Section title={STORAGE_MESSAGES.otherObjectPolicies} actions={newPolicy('New policy under storage.objects', { kind: 'editor', table: 'objects', bucketId: null })}>
          <Card flush>{list(groups.otherObjectPolicies, 'objects', STORAGE_MESSAGES.otherObjectPolicies)}</Card>
        </Section>
        <Section title={STORAGE_MESSAGES.bucketPolicies} actions={newPolicy('New policy under storage.buckets', { kind: 'editor', table: 'buckets', bucketId: null })}>
          <Card flush>{list(groups.bucketTablePolicies, 'buckets', STORAGE_MESSAGES.bucketPolicies)}</Card>
        </Section>
      </>
    );
  }

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, padding: tokens.space.xl, boxSizing: 'border-box', minWidth: 0, maxWidth: 1100 }}>
      <PageHeader title={STORAGE_MESSAGES.storagePoliciesHeading} description="Policies on storage.objects decide who may list, download, upload and delete the files of each bucket." />
      {body}
      <PolicyDialogs dialog={dialog} onClose={() => setDialog({ kind: 'closed' })} />
    </div>
  );
}

interface PolicyListProps {
  label: string;
  policies: Policy[];
  canWrite: boolean;
  onEdit: (policy: Policy) => void;
  onDelete: (policy: Policy) => void;
}

function PolicyList({ label, policies, canWrite, onEdit, onDelete }: PolicyListProps) {
  if (policies.length === 0) {
    return <p css={{ margin: 0, padding: `${tokens.space.md} ${tokens.space.xl}`, color: c.textMuted, fontSize: tokens.fontSize.sm }}>No policies created yet</p>;
  }
  return (
    <ul aria-label={label} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {policies.map((policy, i) => (
        <li key={policy.id} aria-label={`Policy ${policy.name}`}
          css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: `${tokens.space.sm} ${tokens.space.xl}`, borderTop: i ? `1px solid ${c.border}` : undefined, fontSize: tokens.fontSize.sm, minWidth: 0 }}>
          <Badge>{policy.command}</Badge>
          <span css={{ ...ellipsis, fontWeight: tokens.fontWeight.medium, flex: '0 1 auto' }} title={policy.name}>{policy.name}</span>
          <span css={{ ...ellipsis, color: c.textMuted, flex: '0 1 auto' }}>{rolesText(policy.roles)}</span>
          <code css={{ ...ellipsis, flex: 1, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, color: c.textMuted }} title={expressionText(policy)}>{expressionText(policy)}</code>
          <RowActions
            label={`Actions for policy ${policy.name}`}
            disabledReason={canWrite ? null : PERMISSION_MESSAGES.editPolicies}
            onOpen={preloadPolicyDialogs}
            actions={[
              { label: 'Edit policy', icon: <EditIcon size={14} />, onSelect: () => onEdit(policy) },
              { label: 'Delete policy', icon: <TrashIcon size={14} />, danger: true, onSelect: () => onDelete(policy) },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}
