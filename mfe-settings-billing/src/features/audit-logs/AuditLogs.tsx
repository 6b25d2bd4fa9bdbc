import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { DownloadIcon } from '@plinth/shared-ui/icons';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { EmptyState, InlineNotice, PageHeader, saveFile } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { queryKeys } from '@plinth/shared-contracts';
import { AUDIT_ACTIONS, AUDIT_LOG_PLANS, PLAN_NAMES, teamQueryKeys, type AuditLogEntry, type AuditLogFilter } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';

const tableStyle = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'top' },
  'thead th': { color: tokens.color.textMuted, fontWeight: 500 },
} as const;
const muted = { color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;

const actionLabel = (action: string) => AUDIT_ACTIONS.find((a) => a.value === action)?.label ?? action;

const CSV_COLUMNS = ['occurred_at', 'actor_email', 'actor_id', 'action', 'target', 'status', 'ip_address', 'organization_slug', 'project_ref'] as const;
const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
/** The entries as CSV: a header of the columns, one line per entry. */
export function auditLogCsv(entries: readonly AuditLogEntry[]): string {
  return [CSV_COLUMNS.join(','), ...entries.map((e) => CSV_COLUMNS.map((c) => csvField(e[c])).join(','))].join('\n') + '\n';
}

/** A datetime-local value (the browser's time zone) as an ISO timestamp, or undefined when empty or unreadable. */
const isoOf = (local: string) => {
  if (!local) return undefined;
  const t = new Date(local);
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
};

interface Props {
  /** The organization's log; without it, the signed-in account's own. */
  slug?: string;
}

/**
 * Audit logs: every write recorded by the API with who, what, when and from where, newest first;
 * filtered by member (the organization's), action and time, exported as CSV or JSON. The
 * organization's log is read on the Team and Enterprise plans (the page says so otherwise); the
 * account's holds the user's own writes everywhere.
 */
export function AuditLogs({ slug }: Props) {
  const { api } = useArea();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AuditLogFilter = { actor: actor || undefined, action: action || undefined, from: isoOf(from), to: isoOf(to), limit: 1000 };
  const org = useQuery({ queryKey: queryKeys.organization(slug ?? ''), queryFn: () => api.organizations.get(slug!), enabled: !!slug });
  const planAllows = !slug || (org.data ? AUDIT_LOG_PLANS.includes(org.data.plan.id) : false);
  const members = useQuery({ queryKey: queryKeys.members(slug ?? ''), queryFn: () => api.organizations.listMembers(slug!), enabled: !!slug && planAllows });
  const log = useQuery({
    queryKey: slug ? teamQueryKeys.auditLogs(slug, filter) : teamQueryKeys.accountAuditLogs(filter),
    queryFn: () => (slug ? api.team.auditLogs(slug, filter) : api.team.accountAuditLogs(filter)),
    enabled: planAllows,
  });
  const title = 'Audit Logs';
  const description = slug ? 'Every change made in the organization: who, what, when and from where.' : 'Every change you made, in your organizations and on your account.';
  const exportName = slug ? `audit-log-${slug}` : 'audit-log-account';

  const body = (() => {
    if (slug && org.isPending) return <LoadingSkeleton label="Loading the organization" rows={2} />;
    if (slug && org.isError) return <InlineError message="Failed to retrieve the organization" detail={errorMessage(org.error)} onRetry={() => void org.refetch()} />;
    if (!planAllows && org.data) {
      return (
        <InlineNotice kind="info">
          Audit logs are available on the Team and Enterprise plans. This organization is on the {PLAN_NAMES[org.data.plan.id]} plan: upgrade it on the Billing page to keep a record of every change.
        </InlineNotice>
      );
    }
    return (
      <Section
        title="Changes"
        actions={
          log.data?.entries.length ? (
            <div css={{ display: 'flex', gap: tokens.space.sm }}>
              <Button size="small" icon={<DownloadIcon size={14} />} onClick={() => saveFile(`${exportName}.csv`, auditLogCsv(log.data.entries), 'text/csv')}>
                Export CSV
              </Button>
              <Button size="small" icon={<DownloadIcon size={14} />} onClick={() => saveFile(`${exportName}.json`, JSON.stringify(log.data.entries, null, 2), 'application/json')}>
                Export JSON
              </Button>
            </div>
          ) : undefined
        }
      >
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.space.md, marginBottom: tokens.space.md }}>
          {slug ? (
            <Field label="Member">
              <Select
                value={actor}
                onChange={(e) => setActor(e.target.value)}
                options={[{ value: '', label: 'All members' }, ...(members.data ?? []).map((m) => ({ value: m.user_id, label: m.primary_email }))]}
              />
            </Field>
          ) : null}
          <Field label="Action">
            <Select value={action} onChange={(e) => setAction(e.target.value)} options={[{ value: '', label: 'All actions' }, ...AUDIT_ACTIONS]} />
          </Field>
          <Field label="From">
            <TextInput type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field label="To">
            <TextInput type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
        </div>
        {log.isPending ? (
          <LoadingSkeleton label="Loading the audit log" rows={4} />
        ) : log.isError ? (
          <InlineError message="Failed to retrieve the audit log" detail={errorMessage(log.error)} onRetry={() => void log.refetch()} />
        ) : log.data.entries.length === 0 ? (
          <EmptyState title="No changes recorded" description={actor || action || from || to ? 'No change matches these filters.' : 'Changes appear here as they are made.'} />
        ) : (
          <>
            <p css={muted} data-live-figure>
              {log.data.total === log.data.entries.length ? `${log.data.total} change${log.data.total === 1 ? '' : 's'}` : `The latest ${log.data.entries.length} of ${log.data.total} changes`}
            </p>
            <div data-scroll-x data-live-figure data-live-rows tabIndex={0} role="region" aria-label="Audit log table" css={{ overflowX: 'auto', minWidth: 0 }}>
              <table css={[tableStyle, { minWidth: 720 }]} aria-label="Audit log">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">From</th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.entries.map((e) => (
                    <tr key={e.id}>
                      <td>
                        <time dateTime={e.occurred_at}>{new Date(e.occurred_at).toLocaleString()}</time>
                      </td>
                      <td>{e.actor_email ?? 'Unknown'}</td>
                      <td>{actionLabel(e.action)}</td>
                      <td>
                        <code css={{ fontSize: tokens.fontSize.xs, wordBreak: 'break-all' }}>{e.target}</code>
                      </td>
                      <td>{e.ip_address ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Section>
    );
  })();
  return (
    <>
      <PageHeader title={title} description={description} />
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 1100 }}>{body}</div>
    </>
  );
}
