import { errorMessage, RowActions, useArea } from '@plinth/area-kit';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { POLICY_MESSAGES } from '@plinth/contracts-database';
import { Button } from '@plinth/shared-ui/button';
import { TextInput } from '@plinth/shared-ui/form';
import { DatabaseIcon, EditIcon, LockIcon, PlusIcon, SearchIcon, TrashIcon, WarningIcon } from '@plinth/shared-ui/icons';
import { Badge, EmptyState, PageHeader, visuallyHidden } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { Picker } from '@plinth/shared-ui/picker';
import { tokens } from '@plinth/shared-ui/theme';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { VirtualList } from '@plinth/shared-ui/virtual-list';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PolicyDialogs, preloadPolicyDialogs, type PolicyDialog } from './PolicyDialogs';
import { expressionSummary, POLICY_LIST_ROW_HEIGHT, policyListRows, rolesSummary, schemaChoices, type PolicyListRow } from './policies-view';
import { usePolicies, useSchemaOfTable, useSchemas, useTables } from './queries';

/** 000 §6: what a member without tenant SQL admin write is told. */
export const PERMISSION_TOOLTIPS = {
  create: 'You need additional permissions to create RLS policies',
  toggle: 'You need additional permissions to toggle RLS',
  edit: 'You need additional permissions to edit RLS policies',
  test: 'You need additional permissions to test RLS policies',
} as const;

const c = tokens.color;
const rowStyle = {
  display: 'flex', alignItems: 'center', gap: tokens.space.sm, height: POLICY_LIST_ROW_HEIGHT, boxSizing: 'border-box' as const,
  padding: `0 ${tokens.space.md}`, borderLeft: `1px solid ${c.border}`, borderRight: `1px solid ${c.border}`, background: c.surface, minWidth: 0,
};
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' as const, minWidth: 0 };
/** In a narrow list (768 px windows) the RLS badge goes (the switch says it) and button labels become visually hidden, never unnamed. */
const NARROW = '@container policy-list (max-width: 560px)';
const wideOnly = { [NARROW]: { display: 'none' } };
const visuallyHiddenWhenNarrow = {
  [NARROW]: visuallyHidden,
};

/** The RLS policies page (000 §2.4): a schema picker, then one section per table with its policies. */
export function PoliciesPage() {
  const { can, link, navigate, projectRef } = useArea();
  const canWrite = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const [params, setParams] = useSearchParams();
  const tableId = params.get('search') ? Number(params.get('search')) : null;
  // From the table editor's View Policies only the table's id comes: find its schema.
  const schemaOfTable = useSchemaOfTable(params.get('schema') ? null : tableId);
  const schema = params.get('schema') ?? schemaOfTable.data ?? 'public';
  const findingSchema = tableId !== null && !params.get('schema') && schemaOfTable.data === undefined && !schemaOfTable.error;
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<PolicyDialog>({ kind: 'closed' });
  const schemas = useSchemas();
  const tables = useTables(schema);
  const policies = usePolicies(schema);
  // The sections show as soon as the tables are known; their policies fill in when they arrive.
  const rows = useMemo(() => policyListRows(tables.data ?? [], policies.data ?? null, { text, tableId }), [tables.data, policies.data, text, tableId]);
  const choices = schemaChoices(schemas.data ?? []);
  const locked = choices.find((s) => s.key === schema)?.protected ?? false;
  const tableEditor = link('tableEditor', { ref: projectRef });

  const pickSchema = (name: string) => {
    const next = new URLSearchParams(params);
    next.set('schema', name);
    next.delete('search');
    setParams(next);
  };

  const renderRow = (row: PolicyListRow) => {
    const table = row.table;
    const tableLocked = locked || table.locked === true;
    if (row.kind === 'table') {
      return (
        <div css={{ ...rowStyle, marginTop: 0, borderTop: `1px solid ${c.border}`, background: c.surfaceRaised, borderRadius: `${tokens.radius.lg} ${tokens.radius.lg} 0 0` }} role="group" aria-label={`Table ${table.name}`}>
          <DatabaseIcon size={14} />
          <span role="heading" aria-level={2} css={{ ...ellipsis, flex: '0 1 auto', minWidth: 64, fontWeight: tokens.fontWeight.semibold }} title={table.name}>{table.name}</span>
          {tableLocked ? <Badge><LockIcon size={12} /> Locked</Badge> : null}
          <span css={wideOnly}><Badge>{table.rls_enabled ? 'RLS enabled' : 'RLS disabled'}</Badge></span>
          <span css={{ flex: 1 }} />
          {tableLocked ? null : (
            <>
              <PermissionTooltip allowed={canWrite} message={PERMISSION_TOOLTIPS.test}>
                <Button size="small" variant="ghost" onClick={() => setDialog({ kind: 'test', table })} onPointerEnter={preloadPolicyDialogs}>Test</Button>
              </PermissionTooltip>
              <PermissionTooltip allowed={canWrite} message={PERMISSION_TOOLTIPS.toggle}>
                <Button size="small" onClick={() => setDialog({ kind: 'rls', table })}>{table.rls_enabled ? 'Disable RLS' : 'Enable RLS'}</Button>
              </PermissionTooltip>
              <PermissionTooltip allowed={canWrite} message={PERMISSION_TOOLTIPS.create}>
                <Button size="small" icon={<PlusIcon size={14} />} onClick={() => setDialog({ kind: 'editor', table })} onPointerEnter={preloadPolicyDialogs} onFocus={preloadPolicyDialogs}>
                  <span css={visuallyHiddenWhenNarrow}>Create policy</span>
                </Button>
              </PermissionTooltip>
            </>
          )}
        </div>
      );
    }
    if (row.kind === 'warning') {
      return (
        <div css={{ ...rowStyle, color: c.warningText, fontSize: tokens.fontSize.sm }} role="note">
          <WarningIcon size={14} />
          <span css={ellipsis} title={POLICY_MESSAGES.rlsDisabledWarning}>{POLICY_MESSAGES.rlsDisabledWarning}</span>
        </div>
      );
    }
    if (row.kind === 'loading') {
      return <div css={{ ...rowStyle, color: c.textMuted, fontSize: tokens.fontSize.sm, borderBottom: `1px solid ${c.border}` }} aria-busy="true">Loading policies…</div>;
    }
    if (row.kind === 'no-policies') {
      return <div css={{ ...rowStyle, color: c.textMuted, fontSize: tokens.fontSize.sm, borderBottom: `1px solid ${c.border}` }}>No policies created yet</div>;
    }
    const { policy } = row;
    return (
      <div css={{ ...rowStyle, borderTop: `1px solid ${c.border}`, fontSize: tokens.fontSize.sm }} aria-label={`Policy ${policy.name}`} role="group">
        <Badge>{policy.command}</Badge>
        <span css={{ ...ellipsis, fontWeight: tokens.fontWeight.medium, flex: '0 1 auto' }}>{policy.name}</span>
        <span css={{ ...ellipsis, color: c.textMuted, flex: '0 1 auto' }}>{rolesSummary(policy.roles)}</span>
        <span css={{ ...ellipsis, flex: 1, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, color: c.textMuted }} title={expressionSummary(policy)}>{expressionSummary(policy)}</span>
        {tableLocked ? null : (
          <RowActions
            label={`Actions for policy ${policy.name}`}
            disabledReason={canWrite ? null : PERMISSION_TOOLTIPS.edit}
            onOpen={preloadPolicyDialogs}
            actions={[
              { label: 'Edit policy', icon: <EditIcon size={14} />, onSelect: () => setDialog({ kind: 'editor', table, policy }) },
              { label: 'Delete policy', icon: <TrashIcon size={14} />, danger: true, onSelect: () => setDialog({ kind: 'delete', policy }) },
            ]}
          />
        )}
      </div>
    );
  };

  const failed = schemas.error ?? tables.error ?? policies.error;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, padding: tokens.space.xl, height: '100%', boxSizing: 'border-box', minWidth: 0 }}>
      <PageHeader title="Policies" description="Row level security policies decide which rows each request may read and write." />
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'center' }}>
        <Picker
          label="Schema"
          currentLabel={schema}
          value={schema}
          onPick={pickSchema}
          options={choices.map((s) => ({ key: s.key, label: s.label, detail: s.protected ? 'Protected' : undefined, icon: s.protected ? <LockIcon size={14} /> : undefined }))}
          emptyText="No schemas found"
        >
          schema: {schema}
        </Picker>
        <div css={{ width: 'min(280px, 100%)' }}>
          <TextInput aria-label="Search for a table" placeholder="Search for a table" prefix={<SearchIcon size={14} />} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {tableId !== null ? (
          <Button size="small" variant="ghost" onClick={() => { const next = new URLSearchParams(params); next.delete('search'); setParams(next); }}>
            Show all tables
          </Button>
        ) : null}
      </div>
      {locked ? <p css={{ margin: 0, fontSize: tokens.fontSize.sm, color: c.textMuted }}>{`${schema} is a protected schema: its tables are managed by the platform and their policies are locked.`}</p> : null}
      {failed ? (
        <InlineError message="Failed to load the policies" detail={errorMessage(failed)} onRetry={() => { void schemas.refetch(); void tables.refetch(); void policies.refetch(); }} />
      ) : findingSchema || tables.isPending ? (
        <LoadingSkeleton label="Loading policies" rows={6} />
      ) : (tables.data ?? []).length === 0 ? (
        <EmptyState
          framed
          icon={<DatabaseIcon size={24} />}
          title={`No tables in ${schema} yet`}
          description="Create a table first, then add policies to decide who may read and write its rows."
          action={tableEditor ? <Button variant="primary" onClick={() => navigate(tableEditor)}>Create a table</Button> : undefined}
        />
      ) : rows.length === 0 ? (
        <EmptyState framed icon={<SearchIcon size={24} />} title="No tables match your search" description="Try another table name, or clear the search." />
      ) : (
        <div css={{ flex: 1, minHeight: 240, containerType: 'inline-size', containerName: 'policy-list' }}>
          <VirtualList
            aria-label={`Tables of ${schema} and their policies`}
            items={rows}
            rowHeight={POLICY_LIST_ROW_HEIGHT}
            height="100%"
            getKey={(row) => row.key}
            renderRow={renderRow}
          />
        </div>
      )}
      <PolicyDialogs dialog={dialog} schema={schema} onClose={() => setDialog({ kind: 'closed' })} />
    </div>
  );
}

