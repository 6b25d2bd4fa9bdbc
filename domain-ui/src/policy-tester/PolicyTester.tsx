import type { PolicyDraft, PolicyTestOperation, PolicyTestRequest, PolicyTestResult, PolicyTestRow } from '@plinth/contracts-database';
import { Button } from '@plinth/shared-ui/button';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { Field, Select, TextArea } from '@plinth/shared-ui/form';
import { CheckIcon, CloseIcon } from '@plinth/shared-ui/icons';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { InlineError } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useEffect, useId, useState } from 'react';
import { cellText, parseClaims, parseRows } from './tester-input';

export interface TesterUser {
  id: string;
  email: string | null;
}

export interface PolicyTesterProps {
  schema: string;
  table: string;
  /** The policy being edited, applied for the test only; absent: the table's policies as they are. */
  draft?: PolicyDraft;
  runTest: (request: PolicyTestRequest) => Promise<PolicyTestResult>;
  /** The project's users, for testing as one of them. */
  listUsers?: () => Promise<TesterUser[]>;
}

type CallerKind = 'anon' | 'authenticated' | 'user';
const OPERATIONS: readonly PolicyTestOperation[] = ['select', 'insert', 'update', 'delete'];
const OPERATION_HEADERS: Record<PolicyTestOperation, string> = { select: 'Can see', insert: 'Can insert', update: 'Can update', delete: 'Can delete' };
const DEFAULT_CLAIMS = '{\n  "sub": "00000000-0000-4000-8000-000000000000",\n  "email": "someone@example.com"\n}';

function Verdict({ row, op }: { row: PolicyTestRow; op: PolicyTestOperation }) {
  const v = row[op];
  const detail = v.allowed ? (v.admittedBy.length ? `by ${v.admittedBy.join(', ')}` : '') : (v.reason ?? '');
  return (
    <span title={detail} css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs, color: v.allowed ? tokens.color.successText : tokens.color.dangerText, minWidth: 0 }}>
      {v.allowed ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
      <span css={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {v.allowed ? 'Yes' : 'No'}
        {detail ? <span css={{ color: tokens.color.textMuted }}> · {detail}</span> : null}
      </span>
    </span>
  );
}

/**
 * Runs SELECT, INSERT, UPDATE and DELETE on the table as a chosen caller, with the draft policy in
 * place, and shows per row what the caller may do and which policy admitted it. The platform API
 * runs it in a transaction it always rolls back: nothing changes.
 */
export function PolicyTester({ schema, table, draft, runTest, listUsers }: PolicyTesterProps) {
  const [kind, setKind] = useState<CallerKind>('authenticated');
  const [claims, setClaims] = useState(DEFAULT_CLAIMS);
  const [users, setUsers] = useState<TesterUser[] | null>(null);
  const [userId, setUserId] = useState('');
  const [source, setSource] = useState<'table' | 'pasted'>('table');
  const [pasted, setPasted] = useState('[\n  {}\n]');
  const [inputError, setInputError] = useState<{ field: 'claims' | 'rows' | 'user'; message: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<PolicyTestResult | null>(null);
  const radioName = useId();

  useEffect(() => {
    if (kind !== 'user' || users || !listUsers) return;
    listUsers().then(
      (list) => {
        setUsers(list);
        setUserId((current) => current || list[0]?.id || '');
      },
      () => setUsers([]),
    );
  }, [kind, users, listUsers]);

  const run = async () => {
    setInputError(null);
    let caller: PolicyTestRequest['caller'];
    if (kind === 'anon') caller = { kind: 'anon' };
    else if (kind === 'authenticated') {
      const parsed = parseClaims(claims);
      if (!parsed.ok) return setInputError({ field: 'claims', message: parsed.message });
      caller = { kind: 'authenticated', claims: parsed.value };
    } else {
      if (!userId) return setInputError({ field: 'user', message: 'Choose a user of this project' });
      caller = { kind: 'user', userId };
    }
    let rows: Record<string, unknown>[] | undefined;
    if (source === 'pasted') {
      const parsed = parseRows(pasted);
      if (!parsed.ok) return setInputError({ field: 'rows', message: parsed.message });
      rows = parsed.value;
    }
    setRunning(true);
    setFailure(null);
    try {
      setResult(await runTest({ schema, table, draft, caller, rows }));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setRunning(false);
    }
  };

  const rows = (result?.rows ?? []).map((row, index) => ({ ...row, index }));
  const valueColumns: DataTableColumn<PolicyTestRow>[] = (result?.columns ?? []).slice(0, 3).map((name) => ({
    key: `value:${name}`,
    header: name,
    cell: (row) => <span css={{ fontFamily: tokens.font.mono, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{cellText(row.values[name])}</span>,
    width: 'minmax(80px, 1fr)',
  }));
  const columns: DataTableColumn<PolicyTestRow>[] = [
    ...valueColumns,
    ...OPERATIONS.map((op) => ({ key: op, header: OPERATION_HEADERS[op], cell: (row: PolicyTestRow) => <Verdict row={row} op={op} />, width: 'minmax(96px, 1.3fr)' })),
  ];

  const radio = (value: CallerKind, label: string) => (
    <label css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs, fontSize: tokens.fontSize.sm }}>
      <input type="radio" name={`${radioName}-caller`} value={value} checked={kind === value} onChange={() => setKind(value)} />
      {label}
    </label>
  );

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, minWidth: 0 }} data-testid="policy-tester">
      <fieldset css={{ border: 'none', margin: 0, padding: 0 }}>
        <legend css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium, marginBottom: tokens.space.xs, padding: 0 }}>Test as</legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.lg }}>
          {radio('anon', 'Anonymous (anon)')}
          {radio('authenticated', 'Signed in, with these claims')}
          {listUsers ? radio('user', 'A user of this project') : null}
        </div>
      </fieldset>
      {kind === 'authenticated' ? (
        <Field label="JWT claims" hint="sub is the user id auth.uid() returns; role is always authenticated." error={inputError?.field === 'claims' ? inputError.message : undefined}>
          <TextArea rows={4} value={claims} onChange={(event) => setClaims(event.target.value)} spellCheck={false} css={{ fontFamily: tokens.font.mono }} />
        </Field>
      ) : null}
      {kind === 'user' ? (
        <Field label="User" error={inputError?.field === 'user' ? inputError.message : undefined}>
          <Select
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            placeholder={users === null ? 'Loading users…' : users.length ? undefined : 'This project has no users yet'}
            options={(users ?? []).map((u) => ({ value: u.id, label: u.email ?? u.id }))}
          />
        </Field>
      ) : null}
      <Field label="Rows to test">
        <Select
          value={source}
          onChange={(event) => setSource(event.target.value as 'table' | 'pasted')}
          options={[
            { value: 'table', label: `The first 100 rows of ${schema}.${table}` },
            { value: 'pasted', label: 'Rows I paste (JSON)' },
          ]}
        />
      </Field>
      {source === 'pasted' ? (
        <Field label="Pasted rows" hint="A JSON array of objects, column name to value; added only inside the test." error={inputError?.field === 'rows' ? inputError.message : undefined}>
          <TextArea rows={4} value={pasted} onChange={(event) => setPasted(event.target.value)} spellCheck={false} css={{ fontFamily: tokens.font.mono }} />
        </Field>
      ) : null}
      <div>
        <Button variant="default" onClick={run} loading={running}>
          Run test
        </Button>
      </div>
      {failure ? <InlineError message="The policy test failed" detail={failure} onRetry={run} /> : null}
      {result ? (
        <section aria-label="Test results" css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm, minWidth: 0 }}>
          {!result.rlsEnabled ? (
            <InlineNotice kind="warning" title="Row level security is disabled on this table">
              The results show what this caller could do once it is enabled; today every caller can read and change every row.
            </InlineNotice>
          ) : null}
          <p css={{ margin: 0, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }} role="status">
            As {result.role}: sees {result.rows.filter((r) => r.select.allowed).length} of {result.rows.length} rows. Nothing was changed.
          </p>
          <DataTable
            aria-label="Test results per row"
            columns={columns}
            rows={rows}
            getRowId={(row) => String(row.index)}
            height={Math.min(320, 40 + result.rows.length * 36)}
            density="dense"
            empty={<span>No rows to test: the table is empty. Paste rows to test them.</span>}
          />
        </section>
      ) : null}
    </div>
  );
}
