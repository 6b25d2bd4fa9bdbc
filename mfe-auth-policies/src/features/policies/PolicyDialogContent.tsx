import { errorMessage, useArea } from '@plinth/area-kit';
import { PolicyEditorDialog } from '@plinth/domain-ui/policy-editor';
import { PolicyTester, type TesterUser } from '@plinth/domain-ui/policy-tester';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { POLICY_MESSAGES, POLICY_NOTICE_DURATION_MS, type PolicyTestRequest } from '@plinth/contracts-database';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import type { PolicyDialog } from './policy-dialog';
import { useColumns, usePolicyWrites, useRoles } from './queries';

/** The open dialog of the policies page: editor, delete, RLS switch or tester. */
export function PolicyDialogContent({ dialog, schema, onClose }: { dialog: Exclude<PolicyDialog, { kind: 'closed' }>; schema: string; onClose: () => void }) {
  const { api, projectRef, notify, can } = useArea();
  const writes = usePolicyWrites(schema);
  const roles = useRoles(dialog.kind === 'editor');
  const columns = useColumns(schema, dialog.kind === 'editor' ? dialog.table.name : null);
  const tester = {
    runTest: (request: PolicyTestRequest) => api.policyTest.testPolicy(projectRef, request),
    listUsers: can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE)
      ? async (): Promise<TesterUser[]> => (await api.authUsers.listAuthUsers(projectRef, { per_page: 200 })).users.map((u) => ({ id: u.id, email: u.email }))
      : undefined,
  };

  if (dialog.kind === 'editor') {
    return (
      <PolicyEditorDialog
        schema={schema}
        table={dialog.table.name}
        columns={columns.data}
        policy={dialog.policy}
        roles={roles.data ?? []}
        onCreate={writes.create}
        onUpdate={writes.update}
        onSaved={() => notify({ kind: 'success', message: POLICY_MESSAGES.saved, durationMs: POLICY_NOTICE_DURATION_MS })}
        onClose={onClose}
        tester={tester}
      />
    );
  }

  if (dialog.kind === 'delete') {
    const { policy } = dialog;
    const remove = () =>
      writes.remove.mutate(policy.id, {
        onSuccess: () => {
          notify({ kind: 'success', message: POLICY_MESSAGES.deleted, durationMs: POLICY_NOTICE_DURATION_MS });
          onClose();
        },
        onError: (err) => notify({ kind: 'error', message: POLICY_MESSAGES.deleteFailed(errorMessage(err)), durationMs: POLICY_NOTICE_DURATION_MS }),
      });
    return (
      <Dialog
        open
        onOpenChange={(open) => { if (!open) onClose(); }}
        size="small"
        title="Delete policy"
        description={`The policy "${policy.name}" will be removed from ${policy.schema}.${policy.table}. This cannot be undone.`}
        footer={
          <>
            <Button onClick={onClose} disabled={writes.remove.isPending}>Cancel</Button>
            <Button variant="danger" onClick={remove} loading={writes.remove.isPending}>Delete policy</Button>
          </>
        }
      />
    );
  }

  if (dialog.kind === 'rls') {
    const { table } = dialog;
    const enabling = !table.rls_enabled;
    const toggle = () =>
      writes.toggleRls.mutate(table, {
        onSuccess: () => {
          notify({ kind: 'success', message: `Row level security ${enabling ? 'enabled' : 'disabled'} for ${table.schema}.${table.name}` });
          onClose();
        },
        onError: (err) => {
          notify({ kind: 'error', message: POLICY_MESSAGES.toggleRlsFailed(errorMessage(err)) });
          onClose();
        },
      });
    return (
      <Dialog
        open
        onOpenChange={(open) => { if (!open) onClose(); }}
        size="small"
        title={`${enabling ? 'Enable' : 'Disable'} row level security for ${table.name}?`}
        description={
          enabling
            ? 'Only requests your policies allow will read or change rows of this table. Without a policy, no one but the service role gets any row.'
            : POLICY_MESSAGES.rlsDisabledWarning
        }
        footer={
          <>
            <Button onClick={onClose} disabled={writes.toggleRls.isPending}>Cancel</Button>
            <Button variant={enabling ? 'primary' : 'danger'} onClick={toggle} loading={writes.toggleRls.isPending}>
              {enabling ? 'Enable RLS' : 'Disable RLS'}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }} size="large" title={`Test the policies of ${dialog.table.schema}.${dialog.table.name}`}
      description="What can this caller see and change here? The test runs inside a transaction that is always rolled back.">
      <PolicyTester schema={schema} table={dialog.table.name} runTest={tester.runTest} listUsers={tester.listUsers} />
    </Dialog>
  );
}
