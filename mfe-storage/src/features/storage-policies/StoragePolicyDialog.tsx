import { errorMessage } from '@plinth/area-kit';
import { ExpressionField } from '@plinth/domain-ui/expression-field';
import { createPolicySql, updatePolicySql } from '@plinth/domain-ui/policy-editor';
import { RolePicker, type RoleChoice } from '@plinth/domain-ui/role-picker';
import type { Policy, PolicyCreate, PolicyTemplate, PolicyUpdate } from '@plinth/contracts-database';
import { STORAGE_POLICY_COMMANDS, STORAGE_POLICY_MESSAGES } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Checkbox, Field, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { TemplateList } from '@plinth/domain-ui/template-list';
import {
  changedFrom,
  formFromPolicy,
  formFromTemplate,
  limitStoragePolicyName,
  nameCounter,
  newStoragePolicyForm,
  policiesToCreate,
  policyUpdate,
  reviewProblem,
  toggleOperation,
  type ReviewProblem,
  type StoragePolicyForm,
} from './storage-policy-form';

export type StoragePolicyView = 'selection' | 'editor' | 'templates' | 'review';

export interface StoragePolicyDialogProps {
  table: 'objects' | 'buckets';
  /** The bucket a new policy is written for; null under "other policies" and storage.buckets. */
  bucketId: string | null;
  /** The policy to edit; absent for a new one. */
  policy?: Policy;
  roles: readonly RoleChoice[];
  columns: readonly string[];
  templates: readonly PolicyTemplate[];
  /** Creates all the policies or none. */
  onCreate: (payloads: PolicyCreate[]) => Promise<unknown>;
  onUpdate: (id: number, payload: PolicyUpdate) => Promise<unknown>;
  onSaved: () => void;
  onError: (message: string) => void;
  onClose: () => void;
}

const c = tokens.color;

/**
 * The storage policy dialog of 001 §2–§5: selection (from scratch or a template), editor, templates
 * and review of the SQL of each per-operation policy; Save creates them all or none. An existing
 * policy opens on the editor and is updated as one policy. Render it only while open.
 */
export function StoragePolicyDialog(props: StoragePolicyDialogProps) {
  const { table, bucketId, policy } = props;
  const editing = policy !== undefined;
  const target = `storage.${table}`;
  const start = useMemo(() => (policy ? formFromPolicy(policy) : newStoragePolicyForm(bucketId)), [policy, bucketId]);
  const [view, setView] = useState<StoragePolicyView>(editing ? 'editor' : 'selection');
  const [form, setForm] = useState<StoragePolicyForm>(start);
  const [problem, setProblem] = useState<ReviewProblem | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // Each view takes focus as it shows: the dialog's first view on open, the next one on each step
  // (the control that moved to it is gone), Save on the review, the name field in the editor.
  const body = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLElement | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const keepEditing = useRef<HTMLButtonElement>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (view === 'review') saveButton.current?.focus();
    else firstFocusable(body.current)?.focus();
  }, [view]);

  const close = () => {
    if (!saving && changedFrom(start, form)) setConfirmingDiscard(true);
    else props.onClose();
  };
  const toReview = () => {
    const found = reviewProblem(form);
    setProblem(found);
    if (!found) setView('review');
  };
  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      if (policy) await props.onUpdate(policy.id, policyUpdate(policy, form));
      else await props.onCreate(policiesToCreate(form, table, bucketId));
      props.onSaved();
      props.onClose();
    } catch (err) {
      const message = policy ? STORAGE_POLICY_MESSAGES.updateFailed(errorMessage(err)) : STORAGE_POLICY_MESSAGES.createFailed(errorMessage(err));
      setSaveError(message);
      props.onError(message);
      setView('editor');
    } finally {
      setSaving(false);
    }
  };

  const statements = view !== 'review' ? [] : policy ? [updatePolicySql(policy, policyUpdate(policy, form))].filter(Boolean) : policiesToCreate(form, table, bucketId).map(createPolicySql);
  const where = bucketId === null ? target : `${target} in ${bucketId}`;
  const title = view === 'templates' ? 'Select a template to use for your new policy' : view === 'review' ? `Reviewing policies to be created on ${where}` : editing ? `Editing policy from ${target}` : `Adding new policy to ${where}`;

  const footer =
    view === 'editor' ? (
      <>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={toReview}>Review</Button>
      </>
    ) : view === 'review' ? (
      <>
        <Button onClick={() => setView('editor')} disabled={saving}>Back to edit</Button>
        <Button ref={saveButton} variant="primary" onClick={save} loading={saving} disabled={statements.length === 0}>Save policy</Button>
      </>
    ) : view === 'selection' ? (
      <Button onClick={close}>Cancel</Button>
    ) : null;

  return (
    <>
      <Dialog open onOpenChange={(open) => { if (!open) close(); }} title={title} size="large" footer={footer} initialFocusRef={first}>
        <div ref={body} css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, minWidth: 0 }}>
          {view === 'selection' ? (
            <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.space.md }}>
              {props.templates.length ? <ChoiceCard focusRef={first} title="Get started quickly" text="Create a policy from a template" onClick={() => setView('templates')} /> : null}
              <ChoiceCard focusRef={props.templates.length ? undefined : first} title="For full customization" text="Create a policy from scratch" onClick={() => { setForm(start); setView('editor'); }} />
            </div>
          ) : null}
          {view === 'templates' ? (
            <TemplateList templates={props.templates} onBack={() => setView('selection')}
              onUse={(template) => { setForm(formFromTemplate(template)); setProblem(null); setView('editor'); }} />
          ) : null}
          {view === 'editor' ? (
            <PolicyFields form={form} setForm={(next) => { setForm(next); setProblem(null); }} problem={problem} saveError={saveError} editing={editing} table={table} roles={props.roles} columns={props.columns} nameRef={first} onEnter={toReview} />
          ) : null}
          {view === 'review' ? (
            <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm, maxHeight: '25rem', overflow: 'auto' }} data-testid="policy-review">
              <p css={{ margin: 0, fontSize: tokens.fontSize.sm, color: c.textMuted }}>
                {statements.length === 0 ? 'Nothing has changed: there is nothing to save.' : statements.length === 1 ? 'This is the SQL that will run:' : `These ${statements.length} policies will be created, one per operation, all or none:`}
              </p>
              {statements.map((sql, n) => <CodeBlock key={n} code={sql} label={`Policy SQL ${n + 1}`} wrap />)}
            </div>
          ) : null}
        </div>
      </Dialog>
      {confirmingDiscard ? (
        <Dialog open onOpenChange={(open) => { if (!open) setConfirmingDiscard(false); }} title="Discard changes?" description="The changes you made to this policy will be lost." size="small" initialFocusRef={keepEditing}
          footer={
            <>
              <Button ref={keepEditing} onClick={() => setConfirmingDiscard(false)}>Keep editing</Button>
              <Button variant="danger" onClick={props.onClose}>Discard changes</Button>
            </>
          } />
      ) : null}
    </>
  );
}

/** The first control of a view that takes keys (a field, a button), inside `root`. */
function firstFocusable(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('input:not([disabled]), textarea, button:not([disabled]), [contenteditable="true"], [tabindex="0"]') ?? null;
}

function ChoiceCard({ title, text, onClick, focusRef }: { title: string; text: string; onClick: () => void; focusRef?: RefObject<HTMLElement | null> }) {
  return (
    <button ref={focusRef as RefObject<HTMLButtonElement | null> | undefined} type="button" onClick={onClick}
      css={{
        display: 'flex', flexDirection: 'column', gap: tokens.space.xs, textAlign: 'start', padding: tokens.space.lg,
        background: c.surfaceRaised, color: c.text, border: `1px solid ${c.border}`, borderRadius: tokens.radius.lg, cursor: 'pointer', font: 'inherit',
        '&:hover': { background: c.surfaceHover }, '&:focus-visible': tokens.focusRing,
      }}>
      <span css={{ fontSize: tokens.fontSize.xs, color: c.textMuted }}>{title}</span>
      <span css={{ fontWeight: tokens.fontWeight.medium }}>{text}</span>
    </button>
  );
}

interface PolicyFieldsProps {
  form: StoragePolicyForm;
  setForm: (form: StoragePolicyForm) => void;
  problem: ReviewProblem | null;
  saveError: string | null;
  editing: boolean;
  table: string;
  roles: readonly RoleChoice[];
  columns: readonly string[];
  nameRef: RefObject<HTMLElement | null>;
  /** Enter in the name field: on to the review. */
  onEnter: () => void;
}

function PolicyFields({ form, setForm, problem, saveError, editing, table, roles, columns, nameRef, onEnter }: PolicyFieldsProps) {
  return (
    <>
      {saveError ? <InlineNotice kind="danger" title={saveError} /> : null}
      {problem ? <InlineNotice kind={problem.kind} title={problem.message} /> : null}
      <Field label="Policy name" hint={nameCounter(form.name)}>
        <TextInput
          ref={nameRef as RefObject<HTMLInputElement | null>}
          value={form.name}
          onChange={(event) => setForm({ ...form, name: limitStoragePolicyName(event.target.value) })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            onEnter();
          }}
          autoComplete="off"
        />
      </Field>
      <fieldset css={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }} disabled={editing}>
        <legend css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium, marginBottom: tokens.space.xs, padding: 0 }}>Allowed operations</legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: `${tokens.space.xs} ${tokens.space.lg}` }}>
          {STORAGE_POLICY_COMMANDS.map((operation) => (
            <Checkbox key={operation} label={operation} checked={form.allowedOperations.includes(operation)} onChange={(event) => setForm(toggleOperation(form, operation, event.target.checked))} />
          ))}
        </div>
        <p css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.xs, color: c.textMuted }}>
          {editing ? 'An existing policy keeps its operation.' : 'Each operation becomes a policy of its own: INSERT checks new files (WITH CHECK), the others filter existing ones (USING).'}
        </p>
      </fieldset>
      <RolePicker roles={roles} value={form.roles} onChange={(chosen) => setForm({ ...form, roles: chosen })} />
      <Field label="Policy definition" hint="The files for which this expression is true are allowed.">
        <ExpressionField label="Policy definition" schema="storage" table={table} columns={columns} value={form.definition} onChange={(definition) => setForm({ ...form, definition })} placeholder="bucket_id = 'avatars'" />
      </Field>
    </>
  );
}
