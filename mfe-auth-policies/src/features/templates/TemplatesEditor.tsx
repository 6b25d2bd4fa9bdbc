import { useEffect, useRef, useState } from 'react';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { AUTH_TEMPLATE_VARIABLES, AUTH_TEMPLATES, type AuthTemplate, type AuthTemplateKind } from '@plinth/contracts-auth';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextArea, TextInput } from '@plinth/shared-ui/form';
import { Badge, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Tabs } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { useAuthTemplates, useSaveTemplate } from './queries';
import { draftErrors, insertAt, preview, type TemplateDraft } from './template-draft';

const DENIED = 'You need additional permissions to change email templates';
const mono = { fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm } as const;

function TemplateForm({ template, allowed }: { template: AuthTemplate; allowed: boolean }) {
  const save = useSaveTemplate();
  const [draft, setDraft] = useState<TemplateDraft>({ subject: template.subject, body: template.body });
  const [tried, setTried] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setDraft({ subject: template.subject, body: template.body }), [template]);
  const errors = draftErrors(draft);
  const dirty = draft.subject !== template.subject || draft.body !== template.body;
  // Unknown variables show as they are typed; empty fields once a save was tried.
  const shown = (e: string | undefined) => (e && (tried || e.startsWith('Unknown')) ? e : undefined);
  const rendered = preview(draft);
  const meta = AUTH_TEMPLATES.find((t) => t.kind === template.kind)!;

  const insert = (name: string) => {
    const el = bodyRef.current;
    const next = insertAt(draft.body, `{{ .${name} }}`, el?.selectionStart ?? draft.body.length, el?.selectionEnd ?? draft.body.length);
    setDraft((d) => ({ ...d, body: next.text }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!errors.subject && !errors.body) save.mutate({ kind: template.kind, body: { subject: draft.subject.trim(), body: draft.body } });
      }}
      css={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', alignItems: 'start' }}
    >
      <Card
        title={meta.label}
        description={meta.description}
        actions={template.customized ? <Badge kind="info">Customized</Badge> : <Badge>Default</Badge>}
        footer={
          <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button disabled={!dirty} onClick={() => setDraft({ subject: template.subject, body: template.body })}>
              Cancel
            </Button>
            <PermissionTooltip allowed={allowed} message={DENIED}>
              <Button type="submit" variant="primary" loading={save.isPending} disabled={!dirty}>
                Save
              </Button>
            </PermissionTooltip>
          </div>
        }
      >
        <div css={{ display: 'grid', gap: 16 }}>
          <Field label="Subject" error={shown(errors.subject)}>
            <TextInput value={draft.subject} onChange={(e) => setDraft((d) => ({ ...d, subject: e.target.value }))} readOnly={!allowed} />
          </Field>
          <Field label="Message body" error={shown(errors.body)}>
            <TextArea ref={bodyRef} rows={12} value={draft.body} onChange={(e) => setDraft((d) => ({ ...d, body: e.target.value }))} readOnly={!allowed} css={mono} spellCheck={false} />
          </Field>
          <div>
            <p css={{ margin: '0 0 8px', fontWeight: tokens.fontWeight.medium }}>Variables</p>
            <ul aria-label="Variables" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
              {AUTH_TEMPLATE_VARIABLES.map((v) => (
                <li key={v.name} css={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                  <Button size="small" variant="ghost" disabled={!allowed} aria-label={`Insert {{ .${v.name} }}`} onClick={() => insert(v.name)}>
                    <code css={mono}>{`{{ .${v.name} }}`}</code>
                  </Button>
                  <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{v.description}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Card>
      <Card title="Preview" description="The email as a user receives it, with example values.">
        <section aria-label="Preview" css={{ display: 'grid', gap: 12 }}>
          <p css={{ margin: 0 }}>
            <span css={{ color: tokens.color.textMuted }}>Subject: </span>
            <strong data-testid="preview-subject">{rendered.subject}</strong>
          </p>
          <pre data-testid="preview-body" css={{ ...mono, margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rendered.body}
          </pre>
        </section>
      </Card>
    </form>
  );
}

/** /auth/templates: the emails the auth service sends (hosted only). */
export function TemplatesEditor() {
  const { can } = useArea();
  const templates = useAuthTemplates();
  const [kind, setKind] = useState<AuthTemplateKind>('confirmation');
  return (
    <div>
      <PageHeader
        title="Templates"
        description="Emails sent to your users. The auth service sends what you save here."
        tabs={<Tabs aria-label="Email templates" idPrefix="auth-template" items={AUTH_TEMPLATES.map((t) => ({ key: t.kind, label: t.label }))} value={kind} onValueChange={(k) => setKind(k as AuthTemplateKind)} />}
      />
      <div css={{ padding: 24 }}>
        {templates.isPending ? (
          <LoadingSkeleton label="Loading email templates" shape="card" rows={6} />
        ) : templates.isError ? (
          <InlineError message={`Failed to retrieve email templates: ${errorMessage(templates.error)}`} onRetry={() => void templates.refetch()} retrying={templates.isFetching} />
        ) : (
          // Every template stays mounted, so an unsaved edit survives a visit to another tab.
          templates.data.templates.map((t) => (
            <div key={t.kind} role="tabpanel" id={`auth-template-panel-${t.kind}`} aria-labelledby={`auth-template-tab-${t.kind}`} hidden={t.kind !== kind}>
              <TemplateForm template={t} allowed={can(PERMISSIONS.PROJECTS_WRITE)} />
            </div>
          ))
        )}
      </div>
    </div>
  );
}
