import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { Field, TextArea, TextInput } from '@plinth/shared-ui/form';
import { EmptyState } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import { VaultSecretCreateSchema, VaultSecretUpdateSchema, type VaultSecret } from '@plinth/contracts-settings';
import { errorMessage, useArea } from '@plinth/area-kit';
import { DangerConfirmDialog } from '../../area/DangerConfirmDialog';
import { keys } from '../../area/query-keys';

const tableStyle = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'top' },
  'thead th': { color: tokens.color.textMuted, fontWeight: 500 },
} as const;

const MANAGE_NOTICE = genericPermissionNotice('manage the project vault');
const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** The first message of a failed parse, and the field it names. */
function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Check the form' };
}

/**
 * Settings → Vault: the project's secrets, encrypted in its database (vault.secrets) and read
 * decrypted by its own functions (vault.decrypted_secrets). Listing needs sql_admin_read; adding,
 * revealing, editing and deleting need tenant_sql_admin_write.
 */
export function Vault() {
  const { api, projectRef, can } = useArea();
  const list = useQuery({ queryKey: keys.vaultSecrets(projectRef), queryFn: () => api.vault.listVaultSecrets(projectRef) });
  const mayManage = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  return (
    <Section
      title="Secrets"
      description="Secrets are encrypted at rest in the project's database. Your database functions read them decrypted from vault.decrypted_secrets."
      actions={<SecretFormDialog mayManage={mayManage} />}
    >
      {list.isPending ? (
        <LoadingSkeleton label="Loading secrets" rows={3} />
      ) : list.isError ? (
        <InlineError message="Failed to retrieve secrets" detail={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.secrets.length === 0 ? (
        <EmptyState icon={<EmptyIcon size={24} />} title="No secrets yet" description="Add a secret to keep an API key or a token out of your code." framed />
      ) : (
        <SecretTable secrets={list.data.secrets} mayManage={mayManage} />
      )}
    </Section>
  );
}

function SecretTable({ secrets, mayManage }: { secrets: VaultSecret[]; mayManage: boolean }) {
  return (
    <div data-scroll-x tabIndex={0} role="region" aria-label="Secrets table" css={{ overflowX: 'auto', minWidth: 0 }}>
      <table css={[tableStyle, { minWidth: 640 }]} aria-label="Secrets">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {secrets.map((s) => (
            <SecretRow key={s.id} secret={s} mayManage={mayManage} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SecretRow({ secret, mayManage }: { secret: VaultSecret; mayManage: boolean }) {
  const { api, projectRef, props } = useArea();
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => api.vault.revealVaultSecret(projectRef, secret.id),
    onSuccess: (r) => setShown(r.secret),
    onError: (err) => props.notify({ kind: 'error', message: `Secret "${secret.name}" could not be revealed: ${errorMessage(err)}` }),
  });
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      props.notify({ kind: 'success', message: 'Secret copied' });
    } catch {
      props.notify({ kind: 'error', message: 'The secret could not be copied: select it and copy it yourself' });
    }
  };
  return (
    <tr data-secret={secret.id}>
      <td>
        <div css={{ fontWeight: 500 }}>{secret.name}</div>
        {shown !== null ? (
          <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center', marginTop: tokens.space.xs }}>
            <code
              data-testid="revealed-secret"
              aria-label={`Value of ${secret.name}`}
              css={{ padding: '2px 6px', background: tokens.color.surface, border: `1px solid ${tokens.color.border}`, borderRadius: 4, wordBreak: 'break-all', userSelect: 'all' }}
            >
              {shown}
            </code>
            <Button size="small" aria-label={`Copy ${secret.name}`} onClick={() => void copy(shown)}>
              Copy
            </Button>
          </div>
        ) : null}
      </td>
      <td>{secret.description}</td>
      <td>{when(secret.updated_at)}</td>
      <td css={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <div css={{ display: 'inline-flex', gap: tokens.space.xs }}>
          {shown !== null ? (
            <Button size="small" aria-label={`Hide ${secret.name}`} onClick={() => setShown(null)}>
              Hide
            </Button>
          ) : (
            <PermissionTooltip allowed={mayManage} message={MANAGE_NOTICE}>
              <Button size="small" aria-label={`Reveal ${secret.name}`} loading={reveal.isPending} onClick={() => reveal.mutate()}>
                Reveal
              </Button>
            </PermissionTooltip>
          )}
          <SecretFormDialog mayManage={mayManage} secret={secret} />
          <DeleteSecret secret={secret} mayManage={mayManage} />
        </div>
      </td>
    </tr>
  );
}

/** "Add new secret", or the edit of one (its value left empty keeps the stored one). */
function SecretFormDialog({ mayManage, secret }: { mayManage: boolean; secret?: VaultSecret }) {
  const { api, projectRef, props } = useArea();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(secret?.name ?? '');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState(secret?.description ?? '');
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      if (secret) {
        const body = { ...(name !== secret.name ? { name } : {}), ...(value ? { secret: value } : {}), ...(description !== secret.description ? { description } : {}) };
        return api.vault.updateVaultSecret(projectRef, secret.id, VaultSecretUpdateSchema.parse(body));
      }
      return api.vault.createVaultSecret(projectRef, VaultSecretCreateSchema.parse({ name, secret: value, description }));
    },
    onSuccess: (saved) => {
      setOpen(false);
      setValue('');
      props.notify({ kind: 'success', message: secret ? `Secret "${saved.name}" was updated` : `Secret "${saved.name}" was added` });
      void queryClient.invalidateQueries({ queryKey: keys.vaultSecrets(projectRef) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = secret
      ? VaultSecretUpdateSchema.safeParse({ name, ...(value ? { secret: value } : {}), description })
      : VaultSecretCreateSchema.safeParse({ name, secret: value, description });
    if (!parsed.success) {
      setInvalid(firstIssue(parsed.error));
      return;
    }
    setInvalid(null);
    save.mutate();
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setName(secret?.name ?? '');
      setValue('');
      setDescription(secret?.description ?? '');
      setInvalid(null);
      save.reset();
    }
  };
  const error = (field: string) => (invalid?.field === field ? invalid.message : undefined);
  const trigger = secret ? (
    <Button size="small" aria-label={`Edit ${secret.name}`}>
      Edit
    </Button>
  ) : (
    <Button variant="primary">Add new secret</Button>
  );
  if (!mayManage) {
    return (
      <PermissionTooltip allowed={false} message={MANAGE_NOTICE}>
        {trigger}
      </PermissionTooltip>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={secret ? `Edit "${secret.name}"` : 'Add new secret'}
      description={secret ? 'Leave the secret empty to keep its value.' : 'The value is encrypted before it is stored.'}
      trigger={trigger}
    >
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.md }}>
        <Field label="Name" error={error('name')}>
          <TextInput value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Secret" error={error('secret')}>
          <TextArea value={value} autoComplete="off" spellCheck={false} rows={3} onChange={(e) => setValue(e.target.value)} />
        </Field>
        <Field label="Description" error={error('description')}>
          <TextInput value={description} autoComplete="off" onChange={(e) => setDescription(e.target.value)} />
        </Field>
        {save.isError ? <InlineError message={secret ? 'The secret was not updated' : 'The secret was not added'} detail={errorMessage(save.error)} /> : null}
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm }}>
          <DialogClose asChild>
            <Button type="button">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {secret ? 'Save secret' : 'Add secret'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteSecret({ secret, mayManage }: { secret: VaultSecret; mayManage: boolean }) {
  const { api, projectRef, props } = useArea();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.vault.deleteVaultSecret(projectRef, secret.id),
    onSuccess: () => {
      setOpen(false);
      props.notify({ kind: 'success', message: `Secret "${secret.name}" was deleted` });
      void queryClient.invalidateQueries({ queryKey: keys.vaultSecrets(projectRef) });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Secret "${secret.name}" was not deleted: ${errorMessage(err)}` }),
  });
  return (
    <DangerConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={`Delete "${secret.name}"`}
      description="Functions that read this secret from vault.decrypted_secrets will no longer find it. This cannot be undone."
      trigger={
        <Button size="small" variant="danger" aria-label={`Delete ${secret.name}`}>
          Delete
        </Button>
      }
      confirmLabel="Delete secret"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
      denied={mayManage ? undefined : MANAGE_NOTICE}
    />
  );
}
