import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { InlineError, KeyValueList, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import {
  DATABASE_PASSWORD_PLACEHOLDER,
  databaseConnectionKeyValue,
  databaseConnectionUri,
  connectionWithSsl,
  DatabaseSettingsUpdateSchema,
  type DatabaseSettings as Settings,
} from '@plinth/contracts-settings';
import { errorMessage, useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';
import { SslConfiguration, useDatabaseSsl } from './SslConfiguration';

const note = { margin: 0, maxWidth: 720, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;
const actionRow = { display: 'flex', gap: tokens.space.sm, justifySelf: 'start', flexWrap: 'wrap' } as const;

/**
 * Project Settings → Database: how to connect to the project's database from psql, a migration
 * tool or an ORM (host, port, database, user, and the connection string as a URI and as
 * key-value pairs; the password hidden until a member who may run SQL reveals it), resetting the
 * password, and the connection limit and statement time-out of those connections.
 */
export function DatabaseSettings() {
  const { api, projectRef } = useArea();
  const settings = useQuery({ queryKey: keys.databaseSettings(projectRef), queryFn: () => api.databaseSettings.getDatabaseSettings(projectRef) });
  // A password revealed or reset here is kept for this page only (never cached beside the settings).
  const [password, setPassword] = useState<string | null>(null);
  if (settings.isPending) return <LoadingSkeleton label="Loading the database settings" rows={4} />;
  if (settings.isError) {
    return <InlineError message="Failed to retrieve the database settings" detail={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />;
  }
  return (
    <div css={{ display: 'grid', gap: tokens.space.xxl }}>
      <ConnectionDetails settings={settings.data} password={password} onPassword={setPassword} />
      <ResetPassword onPassword={setPassword} />
      <ConnectionLimits settings={settings.data} />
      <SslConfiguration />
    </div>
  );
}

function ConnectionDetails({ settings, password, onPassword }: { settings: Settings; password: string | null; onPassword: (p: string) => void }) {
  const { api, can, projectRef, props } = useArea();
  // With SSL enforced the connection strings ask for it (sslmode=require).
  const c = connectionWithSsl(settings.connection, useDatabaseSsl().data);
  const mayReveal = can(PERMISSIONS.SQL_QUERY_RUN);
  const reveal = useMutation({
    mutationFn: () => api.databaseSettings.revealDatabasePassword(projectRef),
    onSuccess: (r) => onPassword(r.password),
    onError: (err) => props.notify({ kind: 'error', message: `Failed to reveal the database password: ${errorMessage(err)}` }),
  });
  const description = c.embedded
    ? "The project's database as the platform serves it over the Postgres protocol: psql, pg_dump (of the same major version), drivers and ORMs connect with these details."
    : "The project's database on the platform's Postgres server, as the project's own role: psql, pg_dump, drivers and ORMs connect with these details.";
  if (c.host === null || c.port === null) {
    return (
      <Section title="Connection details" description={description}>
        <p css={note}>The platform's database listener is not running, so the project's database cannot be reached from outside. Ask the platform's operator to start it (PLINTH_DATABASE_PORT).</p>
      </Section>
    );
  }
  return (
    <Section title="Connection details" description={description}>
      <KeyValueList
        items={[
          { key: 'host', label: 'Host', value: <code>{c.host}</code> },
          { key: 'port', label: 'Port', value: <code>{c.port}</code> },
          { key: 'database', label: 'Database name', value: <code>{c.database}</code> },
          { key: 'user', label: 'User', value: <code>{c.user}</code> },
          {
            key: 'password',
            label: 'Password',
            value: password ? <code>{password}</code> : <span css={{ color: tokens.color.textMuted }}>Hidden</span>,
          },
        ]}
      />
      {password ? null : (
        <div css={actionRow}>
          <PermissionTooltip allowed={mayReveal} message={genericPermissionNotice('see the database password')}>
            <Button disabled={!mayReveal} loading={reveal.isPending} onClick={() => reveal.mutate()}>
              Reveal password
            </Button>
          </PermissionTooltip>
        </div>
      )}
      <CodeBlock label="Connection string (URI)" code={databaseConnectionUri(c, password)} wrap />
      <CodeBlock label="Connection string (key-value)" code={databaseConnectionKeyValue(c, password)} wrap />
      {password ? null : <p css={note}>{`The connection strings show ${DATABASE_PASSWORD_PLACEHOLDER} until the password is revealed.`}</p>}
      {c.embedded ? (
        <p css={note}>
          The embedded database serves one session at a time: while a connection runs a statement or holds a transaction open, the console waits for it, and a transaction left idle for 30
          seconds ends its connection.
        </p>
      ) : null}
    </Section>
  );
}

function ResetPassword({ onPassword }: { onPassword: (p: string) => void }) {
  const { api, can, projectRef, props } = useArea();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [open, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: () => api.databaseSettings.resetDatabasePassword(projectRef),
    onSuccess: (r) => {
      setOpen(false);
      onPassword(r.password);
      props.notify({ kind: 'success', message: 'Database password reset' });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to reset the database password: ${errorMessage(err)}` }),
  });
  return (
    <Section title="Database password" description="A new password for connections from outside the console; the old one stops working at once.">
      <div css={actionRow}>
        <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('reset the database password')}>
          <Button disabled={!mayWrite} onClick={() => setOpen(true)}>
            Reset database password
          </Button>
        </PermissionTooltip>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => !reset.isPending && setOpen(next)}
        title="Reset the database password?"
        description="Open connections using the current password end, and every tool or app that uses it must be given the new one. The console and the project's APIs are not affected."
        dismissible={!reset.isPending}
        footer={
          <>
            <DialogClose asChild>
              <Button disabled={reset.isPending}>Cancel</Button>
            </DialogClose>
            <Button variant="danger" loading={reset.isPending} onClick={() => reset.mutate()}>
              Reset password
            </Button>
          </>
        }
      />
    </Section>
  );
}

/** A field's text from a saved value: empty means "the default". */
const textOf = (n: number | null, scale = 1) => (n === null ? '' : String(n / scale));

function ConnectionLimits({ settings }: { settings: Settings }) {
  const { api, can, projectRef, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [limit, setLimit] = useState(textOf(settings.custom_connection_limit));
  const [timeout, setTimeoutText] = useState(textOf(settings.custom_statement_timeout_ms, 1000));
  const [errors, setErrors] = useState<{ limit?: string; timeout?: string }>({});
  useEffect(() => {
    setLimit(textOf(settings.custom_connection_limit));
    setTimeoutText(textOf(settings.custom_statement_timeout_ms, 1000));
  }, [settings.custom_connection_limit, settings.custom_statement_timeout_ms]);
  const save = useMutation({
    mutationFn: (body: { connection_limit: number | null; statement_timeout_ms: number | null }) => api.databaseSettings.updateDatabaseSettings(projectRef, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.databaseSettings(projectRef), saved);
      props.notify({ kind: 'success', message: 'Database settings saved' });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to save the database settings: ${errorMessage(err)}` }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (text: string, scale: number) => (text.trim() === '' ? null : Number(text.trim()) * scale);
    const body = { connection_limit: number(limit, 1), statement_timeout_ms: number(timeout, 1000) };
    const parsed = DatabaseSettingsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next: { limit?: string; timeout?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'connection_limit') next.limit ??= 'Enter a whole number from 1 to 100, or leave it empty for the default';
        else next.timeout ??= 'Enter a number of seconds from 1 to 1800, or leave it empty for the default';
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <Section title="Connection limits" description="Apply to connections from outside the console (psql, drivers, ORMs); empty fields use the platform's defaults.">
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.sm, maxWidth: 560 }}>
        <Field label="Connection limit" hint={`Connections open at once. Now ${settings.connection_limit}.`} error={errors.limit}>
          <TextInput inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} readOnly={!mayWrite} placeholder={String(settings.connection_limit)} />
        </Field>
        <Field label="Statement time-out (seconds)" hint={`A statement running longer is cancelled. Now ${settings.statement_timeout_ms / 1000} s.`} error={errors.timeout}>
          <TextInput inputMode="decimal" value={timeout} onChange={(e) => setTimeoutText(e.target.value)} readOnly={!mayWrite} placeholder={String(settings.statement_timeout_ms / 1000)} />
        </Field>
        <div css={actionRow}>
          <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('change the database settings')}>
            <Button type="submit" variant="primary" disabled={!mayWrite} loading={save.isPending}>
              Save
            </Button>
          </PermissionTooltip>
        </div>
      </form>
    </Section>
  );
}
