import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Field, Switch } from '@plinth/shared-ui/form';
import { InlineError, KeyValueList, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import type { DatabaseSsl } from '@plinth/contracts-settings';
import { errorMessage, useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

const note = { margin: 0, maxWidth: 720, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;

/** The project's SSL configuration (the connection strings ask for SSL once it is enforced). */
export function useDatabaseSsl() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.databaseSsl(projectRef), queryFn: () => api.databaseSsl.getDatabaseSsl(projectRef) });
}

/**
 * Project Settings → Database → SSL configuration: whether connections can use SSL, and (embedded)
 * the Enforce SSL switch, disabled with the reason when the platform has no certificate or the
 * member may not change the project; on a Postgres server, the server's own configuration decides.
 */
export function SslConfiguration() {
  const { api, can, projectRef, props } = useArea();
  const queryClient = useQueryClient();
  const ssl = useDatabaseSsl();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const save = useMutation({
    mutationFn: (enforced: boolean) => api.databaseSsl.updateDatabaseSsl(projectRef, { enforced }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.databaseSsl(projectRef), saved);
      props.notify({ kind: 'success', message: saved.enforced ? 'SSL is now enforced' : 'SSL is no longer enforced' });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to change the SSL configuration: ${errorMessage(err)}` }),
  });
  const description = 'Encrypts the connections of psql, drivers and ORMs to the project database.';
  if (ssl.isPending) {
    return (
      <Section title="SSL configuration" description={description}>
        <LoadingSkeleton label="Loading the SSL configuration" rows={2} />
      </Section>
    );
  }
  if (ssl.isError) {
    return (
      <Section title="SSL configuration" description={description}>
        <InlineError message="Failed to retrieve the SSL configuration" detail={errorMessage(ssl.error)} onRetry={() => void ssl.refetch()} />
      </Section>
    );
  }
  const s: DatabaseSsl = ssl.data;
  const offered = s.embedded ? (s.offered ? 'Offered by the platform' : 'Not offered by the platform') : s.offered ? 'On (the server has SSL enabled)' : 'Off (the server has SSL disabled)';
  return (
    <Section title="SSL configuration" description={description}>
      <KeyValueList items={[{ key: 'ssl', label: 'SSL', value: offered }]} />
      {s.embedded ? (
        <Field label="Enforce SSL on incoming connections" inline hint="Connections without SSL are refused; the connection strings above ask for it (sslmode=require).">
          <PermissionTooltip allowed={mayWrite && s.offered} message={!s.offered ? (s.unavailable_reason ?? '') : genericPermissionNotice('change the database settings')}>
            <Switch checked={s.enforced} disabled={!mayWrite || !s.offered || save.isPending} onCheckedChange={(on) => save.mutate(on)} />
          </PermissionTooltip>
        </Field>
      ) : null}
      {s.unavailable_reason ? <p css={note}>{s.unavailable_reason}.</p> : null}
    </Section>
  );
}
