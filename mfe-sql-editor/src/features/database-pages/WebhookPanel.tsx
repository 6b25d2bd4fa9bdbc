import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_EVENTS, WEBHOOK_METHODS, type Webhook, type WebhookCreate } from '@plinth/contracts-database';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Checkbox, Field, Select, TextInput } from '@plinth/shared-ui/form';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { tokens } from '@plinth/shared-ui/theme';
import { keys } from '../../area/query-keys';
import { useObjects } from './queries';
import { emptyForm, formOf, tableKey, toRequest, type WebhookField, type WebhookForm } from './webhook-form';

const errorText = { margin: 0, fontSize: tokens.fontSize.xs, color: tokens.color.dangerText } as const;
const groupStyle = { border: 'none', margin: `0 0 ${tokens.space.lg}`, padding: 0, minWidth: 0 } as const;
const legendStyle = { padding: 0, marginBottom: tokens.space.xs, fontSize: tokens.fontSize.sm, fontWeight: 500, color: tokens.color.text } as const;

/**
 * Create a webhook, or edit one (`webhook`): a table, the events that send, and the request. The
 * form is checked with the contracts' schema before it is sent; the API's refusal is shown in the
 * panel, which stays open with everything typed.
 */
export default function WebhookPanel({ webhook, onClose }: { webhook?: Webhook; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const client = useQueryClient();
  const [form, setForm] = useState<WebhookForm>(() => (webhook ? formOf(webhook) : emptyForm()));
  const [errors, setErrors] = useState<Partial<Record<WebhookField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Every table the user sees, as the tables page lists them (all schemas at once).
  const tables = useObjects('tables', (a, ref) => a.databaseObjects.listTableSummaries(ref));
  // The project's own tables first, then those of the protected schemas (auth.users among them).
  const options = (tables.data ?? [])
    .filter((t) => t.schema !== 'net')
    .sort((a, b) => Number(a.protected) - Number(b.protected) || tableKey(a.schema, a.name).localeCompare(tableKey(b.schema, b.name)))
    .map((t) => tableKey(t.schema, t.name));
  if (form.table && !options.includes(form.table)) options.unshift(form.table);

  const save = useMutation({
    mutationFn: (body: WebhookCreate) => (webhook ? api.webhooks.updateWebhook(projectRef, webhook.id, body) : api.webhooks.createWebhook(projectRef, body)),
    onSuccess: async (saved) => {
      notify({ kind: 'success', message: webhook ? `Saved webhook ${saved.name}` : `Created webhook ${saved.name}` });
      await client.invalidateQueries({ queryKey: keys.webhooks(projectRef) });
      onClose();
    },
    onError: (err) => setFailure(errorMessage(err)),
  });

  const set = <K extends keyof WebhookForm>(key: K, value: WebhookForm[K], field: WebhookField = key as WebhookField) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const setHeader = (index: number, part: 'key' | 'value', value: string) =>
    set('headers', form.headers.map((h, i) => (i === index ? { ...h, [part]: value } : h)));

  const submit = () => {
    setFailure(null);
    const request = toRequest(form);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    save.mutate(request.body);
  };

  const formId = webhook ? `webhook-form-${webhook.id}` : 'webhook-form';
  const invalid = Object.values(errors).filter(Boolean);
  return (
    <SidePanel
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={webhook ? `Edit webhook ${webhook.name}` : 'Create a new webhook'}
      description="When rows of the table change, the platform sends the row to your endpoint after the transaction commits, and tries again up to 3 times."
      confirmText={webhook ? 'Save webhook' : 'Create webhook'}
      confirmLoading={save.isPending}
      formId={formId}
    >
      <form
        id={formId}
        noValidate
        aria-label={webhook ? 'Edit webhook' : 'Create webhook'}
        css={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {failure ? (
          <div role="alert" css={{ marginBottom: tokens.space.lg }}>
            <InlineNotice kind="danger" title={webhook ? 'The webhook was not saved' : 'The webhook was not created'}>
              {failure}
            </InlineNotice>
          </div>
        ) : invalid.length > 1 ? (
          <p css={[errorText, { marginBottom: tokens.space.md }]}>Check the {invalid.length} fields marked below.</p>
        ) : null}
        <Field label="Name" required error={errors.name} hint="Letters, digits, _ or -, up to 63.">
          <TextInput value={form.name} onChange={(e) => set('name', e.target.value)} autoFocus autoComplete="off" spellCheck={false} />
        </Field>
        <Field label="Table" required error={errors.table} hint={tables.isError ? `The tables could not be loaded: ${tables.error.message}` : undefined}>
          <Select value={form.table} placeholder={tables.isPending ? 'Loading tables…' : 'Choose a table'} onChange={(e) => set('table', e.target.value)} options={options.map((t) => ({ value: t, label: t }))} />
        </Field>
        <fieldset css={groupStyle} aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend css={legendStyle}>Events</legend>
          <div css={{ display: 'flex', gap: tokens.space.md, flexWrap: 'wrap' }}>
            {WEBHOOK_EVENTS.map((ev) => (
              <Checkbox key={ev} label={ev} checked={form.events.includes(ev)} onChange={(e) => set('events', e.target.checked ? WEBHOOK_EVENTS.filter((x) => x === ev || form.events.includes(x)) : form.events.filter((x) => x !== ev))} />
            ))}
          </div>
          {errors.events ? (
            <p id="webhook-events-error" role="alert" css={[errorText, { marginTop: tokens.space.xs }]}>
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <Field label="Method" error={errors.method}>
          <Select value={form.method} onChange={(e) => set('method', e.target.value as WebhookForm['method'])} options={WEBHOOK_METHODS.map((m) => ({ value: m, label: m }))} />
        </Field>
        <Field label="URL" required error={errors.url} hint="The endpoint that receives the request: http:// or https://.">
          <TextInput value={form.url} onChange={(e) => set('url', e.target.value)} inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://example.com/hooks/orders" />
        </Field>
        <fieldset css={groupStyle} aria-describedby={errors.headers ? 'webhook-headers-error' : 'webhook-headers-hint'}>
          <legend css={legendStyle}>HTTP headers</legend>
          <p id="webhook-headers-hint" css={{ margin: `0 0 ${tokens.space.sm}`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
            Content-Type: application/json is sent unless you name it here.
          </p>
          <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm }}>
            {form.headers.map((h, i) => (
              <div key={i} css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center', minWidth: 0 }}>
                <div css={{ flex: 1, minWidth: 0 }}>
                  <TextInput aria-label={`Header name ${i + 1}`} value={h.key} placeholder="Name" autoComplete="off" spellCheck={false} onChange={(e) => setHeader(i, 'key', e.target.value)} />
                </div>
                <div css={{ flex: 1.4, minWidth: 0 }}>
                  <TextInput aria-label={`Header value ${i + 1}`} value={h.value} placeholder="Value" autoComplete="off" spellCheck={false} onChange={(e) => setHeader(i, 'value', e.target.value)} />
                </div>
                <Button type="button" size="small" variant="ghost" icon={<TrashIcon />} aria-label={`Remove header ${i + 1}`} onClick={() => set('headers', form.headers.filter((_, j) => j !== i))} />
              </div>
            ))}
          </div>
          <div css={{ marginTop: tokens.space.sm }}>
            <Button type="button" size="small" icon={<PlusIcon />} onClick={() => set('headers', [...form.headers, { key: '', value: '' }])}>
              Add header
            </Button>
          </div>
          {errors.headers ? (
            <p id="webhook-headers-error" role="alert" css={[errorText, { marginTop: tokens.space.xs }]}>
              {errors.headers}
            </p>
          ) : null}
        </fieldset>
        <Field label="Timeout (ms)" required error={errors.timeout} hint="How long to wait for an answer: 100 to 30000 ms.">
          <TextInput value={form.timeout} onChange={(e) => set('timeout', e.target.value)} inputMode="numeric" autoComplete="off" />
        </Field>
      </form>
    </SidePanel>
  );
}
