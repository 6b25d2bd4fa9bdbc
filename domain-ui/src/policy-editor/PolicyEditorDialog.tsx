import { POLICY_COMMANDS, POLICY_EDITOR_TITLES, POLICY_MESSAGES, policyTemplates, type Policy, type PolicyCommand, type PolicyCreate, type PolicyTemplate, type PolicyUpdate } from '@plinth/contracts-database';
import { Button } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { Suspense, useMemo, useState } from 'react';
import { ExpressionField } from '../expression-field/ExpressionField';
import { lazyWithPreload } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import type { PolicyTesterProps } from '../policy-tester/PolicyTester';
import { RolePicker, type RoleChoice } from '../role-picker/RolePicker';
import {
  changeCommand,
  emptyPolicyForm,
  formFromPolicy,
  formFromTemplate,
  hasUnsavedChanges,
  limitPolicyName,
  policyNameCounter,
  takesCheck,
  takesUsing,
  toCreatePayload,
  toUpdatePayload,
  validatePolicyForm,
  type PolicyFormError,
  type PolicyFormValues,
} from './policy-form';
import { createPolicySql, updatePolicySql } from './policy-sql';

// The template list and the tester load when their views open (or when the pointer nears what opens them).
const TemplateList = lazyWithPreload(() => import('./TemplateList').then((m) => m.TemplateList));
const PolicyTester = lazyWithPreload(() => import('../policy-tester/PolicyTester').then((m) => m.PolicyTester));

export type PolicyEditorView = 'selection' | 'templates' | 'editor' | 'review' | 'test';

export interface PolicyEditorDialogProps {
  schema: string;
  table: string;
  /** The table's columns, completed in the expression fields. */
  columns?: readonly string[];
  /** The policy to edit; absent for a new one. */
  policy?: Policy;
  roles: readonly RoleChoice[];
  templates?: readonly PolicyTemplate[];
  onCreate: (payload: PolicyCreate) => Promise<unknown>;
  onUpdate: (id: number, payload: PolicyUpdate) => Promise<unknown>;
  /** After a successful save; the dialog is closed by the host (`onClose`). */
  onSaved: () => void;
  onClose: () => void;
  /** The Test step (the policy tester); without it the step is not offered. */
  tester?: Pick<PolicyTesterProps, 'runTest' | 'listUsers'>;
}

/** What the expression fields complete: the table and its columns. */
interface ExpressionCompletionContext {
  schema: string;
  table: string;
  columns: readonly string[];
}

const OPERATION_LABELS: Record<PolicyCommand, string> = { SELECT: 'SELECT', INSERT: 'INSERT', UPDATE: 'UPDATE', DELETE: 'DELETE', ALL: 'ALL' };
const errorOf = (errors: PolicyFormError[], field: PolicyFormError['field']) => errors.find((e) => e.field === field)?.message;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The policy editor of 000 §2.5 and §4.5: selection, templates, editor and review (plus the
 * tester's Test step). It holds the form; saving goes through the calls the host area passes.
 * Render it only while open (it starts from its props each time).
 */
export function PolicyEditorDialog(props: PolicyEditorDialogProps) {
  const { schema, table, policy } = props;
  const editing = policy !== undefined;
  const start = useMemo(() => (policy ? formFromPolicy(policy) : emptyPolicyForm()), [policy]);
  const [view, setView] = useState<PolicyEditorView>(editing ? 'editor' : 'selection');
  const [previous, setPrevious] = useState<PolicyEditorView>('selection');
  const [values, setValues] = useState<PolicyFormValues>(start);
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const templates = props.templates ?? policyTemplates(schema, table);
  const errors = validatePolicyForm(values);
  const shownErrors = showErrors ? errors : [];
  const completion = useMemo<ExpressionCompletionContext>(() => ({ schema, table, columns: props.columns ?? [] }), [schema, table, props.columns]);

  const go = (next: PolicyEditorView) => {
    setPrevious(view);
    setView(next);
  };
  const close = () => {
    if (hasUnsavedChanges(start, values) && !saving) setConfirmingDiscard(true);
    else props.onClose();
  };
  const toReview = () => {
    setShowErrors(true);
    if (errors.length === 0) go('review');
  };
  const toTest = () => {
    setShowErrors(true);
    if (errors.length === 0) go('test');
  };
  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      if (policy) await props.onUpdate(policy.id, toUpdatePayload(policy, values));
      else await props.onCreate(toCreatePayload(values, schema, table));
      props.onSaved();
      props.onClose();
    } catch (err) {
      setSaveError(policy ? POLICY_MESSAGES.updateFailed(messageOf(err)) : POLICY_MESSAGES.createFailed(messageOf(err)));
      setView('editor');
    } finally {
      setSaving(false);
    }
  };

  const title =
    view === 'templates'
      ? POLICY_EDITOR_TITLES.selectTemplate
      : view === 'review'
        ? POLICY_EDITOR_TITLES.reviewing(schema, table)
        : view === 'test'
          ? `Testing policy on ${schema}.${table}`
          : editing
            ? POLICY_EDITOR_TITLES.editing(schema, table)
            : POLICY_EDITOR_TITLES.adding(schema, table);

  const reviewSql = view === 'review' ? (policy ? updatePolicySql(policy, toUpdatePayload(policy, values)) : createPolicySql(toCreatePayload(values, schema, table))) : '';

  const footer =
    view === 'editor' ? (
      <>
        <Button onClick={close}>Cancel</Button>
        {props.tester ? <Button onClick={toTest} onPointerEnter={PolicyTester.preload} onFocus={PolicyTester.preload}>Test</Button> : null}
        <Button variant="primary" onClick={toReview}>Review</Button>
      </>
    ) : view === 'review' ? (
      <>
        <Button onClick={() => setView('editor')} disabled={saving}>Back to edit</Button>
        <Button variant="primary" onClick={save} loading={saving} disabled={editing && reviewSql === ''}>Save policy</Button>
      </>
    ) : view === 'test' ? (
      <>
        <Button onClick={() => setView('editor')}>Back to edit</Button>
        <Button variant="primary" onClick={toReview}>Review</Button>
      </>
    ) : (
      <Button onClick={close}>Cancel</Button>
    );

  return (
    <>
      <Dialog open onOpenChange={(open) => { if (!open) close(); }} title={title} size="large" footer={footer}>
        <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, minWidth: 0 }}>
          <Suspense fallback={<LoadingSkeleton label="Loading" rows={4} />}>
          {view === 'selection' ? (
            <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.space.md }}>
              <ChoiceCard title="Get started quickly" text="Create a policy from a template" onClick={() => go('templates')} onPointerEnter={TemplateList.preload} />
              <ChoiceCard title="For full customization" text="Create a policy from scratch" onClick={() => go('editor')} />
            </div>
          ) : null}
          {view === 'templates' ? (
            <TemplateList
              templates={templates}
              onUse={(template) => {
                setValues(formFromTemplate(template));
                setShowErrors(false);
                go('editor');
              }}
              onBack={() => setView(previous)}
            />
          ) : null}
          {view === 'editor' ? (
            <EditorFields values={values} setValues={setValues} errors={shownErrors} editing={editing} roles={props.roles} completion={completion} saveError={saveError} />
          ) : null}
          {view === 'review' ? (
            <div css={{ maxHeight: '25rem', overflow: 'auto' }} data-testid="policy-review">
              <p css={{ margin: `0 0 ${tokens.space.sm}`, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }}>
                {reviewSql ? 'This is the SQL that will run:' : 'Nothing has changed: there is nothing to save.'}
              </p>
              {reviewSql ? <CodeBlock code={reviewSql} label="Policy SQL" wrap /> : null}
            </div>
          ) : null}
          {view === 'test' && props.tester ? (
            <PolicyTester
              schema={schema}
              table={table}
              draft={values.command ? { id: policy?.id, name: values.name.trim(), command: policy?.command ?? values.command, definition: takesUsing(values.command) ? values.definition : null, check: takesCheck(values.command) ? values.check : null, roles: values.roles } : undefined}
              runTest={props.tester.runTest}
              listUsers={props.tester.listUsers}
            />
          ) : null}
          </Suspense>
        </div>
      </Dialog>
      {confirmingDiscard ? (
        <Dialog
          open
          onOpenChange={(open) => { if (!open) setConfirmingDiscard(false); }}
          title="Discard changes?"
          description="The changes you made to this policy will be lost."
          size="small"
          footer={
            <>
              <Button onClick={() => setConfirmingDiscard(false)}>Keep editing</Button>
              <Button variant="danger" onClick={props.onClose}>Discard changes</Button>
            </>
          }
        />
      ) : null}
    </>
  );
}

function ChoiceCard({ title, text, onClick, onPointerEnter }: { title: string; text: string; onClick: () => void; onPointerEnter?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerEnter={onPointerEnter}
      css={{
        display: 'flex', flexDirection: 'column', gap: tokens.space.xs, textAlign: 'start', padding: tokens.space.lg,
        background: tokens.color.surfaceRaised, color: tokens.color.text, border: `1px solid ${tokens.color.border}`,
        borderRadius: tokens.radius.lg, cursor: 'pointer', font: 'inherit',
        '&:hover': { background: tokens.color.surfaceHover }, '&:focus-visible': tokens.focusRing,
      }}
    >
      <span css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>{title}</span>
      <span css={{ fontWeight: tokens.fontWeight.medium }}>{text}</span>
    </button>
  );
}

interface EditorFieldsProps {
  values: PolicyFormValues;
  setValues: (values: PolicyFormValues) => void;
  errors: PolicyFormError[];
  editing: boolean;
  roles: readonly RoleChoice[];
  completion: ExpressionCompletionContext;
  saveError: string | null;
}

function EditorFields({ values, setValues, errors, editing, roles, completion, saveError }: EditorFieldsProps) {
  const set = (patch: Partial<PolicyFormValues>) => setValues({ ...values, ...patch });
  const expressionError = errorOf(errors, 'definition');
  return (
    <>
      {saveError ? <InlineNotice kind="danger" title={saveError} /> : null}
      <Field label="Policy name" error={errorOf(errors, 'name')} hint={policyNameCounter(values.name)}>
        <TextInput value={values.name} onChange={(event) => set({ name: limitPolicyName(event.target.value) })} autoComplete="off" />
      </Field>
      <fieldset css={{ border: 'none', margin: 0, padding: 0 }} aria-describedby={errorOf(errors, 'command') ? 'policy-operation-error' : undefined}>
        <legend css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium, marginBottom: tokens.space.xs, padding: 0 }}>Allowed operation</legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.lg }}>
          {POLICY_COMMANDS.map((command) => (
            <label key={command} css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs, fontSize: tokens.fontSize.sm, fontFamily: tokens.font.mono }}>
              <input type="radio" name="policy-operation" value={command} checked={values.command === command} disabled={editing} onChange={() => setValues(changeCommand(values, command))} />
              {OPERATION_LABELS[command]}
            </label>
          ))}
        </div>
        {editing ? <p css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>The operation of an existing policy cannot change.</p> : null}
        {errorOf(errors, 'command') ? (
          <p id="policy-operation-error" role="alert" css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.sm, color: tokens.color.dangerText }}>{errorOf(errors, 'command')}</p>
        ) : null}
      </fieldset>
      <RolePicker roles={roles} value={values.roles} onChange={(next) => set({ roles: next })} />
      {takesUsing(values.command) ? (
        <Field label="USING expression" hint="Rows for which this is true are visible (and can be updated or deleted)." error={expressionError}>
          <ExpressionField {...completion} label="USING expression" value={values.definition} onChange={(definition) => set({ definition })} placeholder="auth.uid() = user_id" />
        </Field>
      ) : null}
      {takesCheck(values.command) ? (
        <Field label="WITH CHECK expression" hint="New or changed rows must make this true." error={errorOf(errors, 'check') ?? (takesUsing(values.command) ? undefined : expressionError)}>
          <ExpressionField {...completion} label="WITH CHECK expression" value={values.check} onChange={(check) => set({ check })} placeholder="auth.uid() = user_id" />
        </Field>
      ) : null}
    </>
  );
}
