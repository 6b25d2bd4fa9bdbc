import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Checkbox, Field, Select, TextInput } from '@plinth/shared-ui/form';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import { DataApiSettingsUpdateSchema, type DataApiSettings as Settings, type DataApiSettingsUpdate, type DataApiTxEnd } from '@plinth/contracts-settings';
import { errorMessage, useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** How a request's transaction ends, as the form offers it. */
const TX_END_OPTIONS: { value: DataApiTxEnd; label: string }[] = [
  { value: 'commit', label: 'Commit' },
  { value: 'commit-allow-override', label: 'Commit, unless the request asks to roll back' },
  { value: 'rollback', label: 'Roll back' },
  { value: 'rollback-allow-override', label: 'Roll back, unless the request asks to commit' },
];

/**
 * Project Settings → API, the data API's settings: the schemas it exposes, the schemas on each
 * request's search path after the one asked for, the most rows one request answers, and the
 * aggregate, transaction and plan switches. Saved, they answer the next request of an app.
 */
export function DataApiSettings() {
  const { api, projectRef } = useArea();
  const settings = useQuery({ queryKey: keys.dataApiSettings(projectRef), queryFn: () => api.dataApiSettings.getDataApiSettings(projectRef) });
  return (
    <Section title="Data API settings" description="What the project's data API (/rest/v1) serves; saved settings answer the next request of an app.">
      {settings.isPending ? (
        <LoadingSkeleton label="Loading the data API settings" rows={3} />
      ) : settings.isError ? (
        <InlineError message="Failed to retrieve the data API settings" detail={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <DataApiForm settings={settings.data} />
      )}
    </Section>
  );
}

function DataApiForm({ settings }: { settings: Settings }) {
  const { api, can, projectRef, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [schemas, setSchemas] = useState(settings.db_schema);
  const [extra, setExtra] = useState(settings.db_extra_search_path);
  const [maxRows, setMaxRows] = useState(settings.max_rows === null ? '' : String(settings.max_rows));
  const [aggregates, setAggregates] = useState(settings.db_aggregates_enabled);
  const [txEnd, setTxEnd] = useState<DataApiTxEnd>(settings.db_tx_end);
  const [plans, setPlans] = useState(settings.db_plan_enabled);
  const hintId = useId();
  const plansHintId = useId();
  const [errors, setErrors] = useState<Partial<Record<'schemas' | 'extra' | 'maxRows', string>>>({});
  useEffect(() => {
    setSchemas(settings.db_schema);
    setExtra(settings.db_extra_search_path);
    setMaxRows(settings.max_rows === null ? '' : String(settings.max_rows));
    setAggregates(settings.db_aggregates_enabled);
    setTxEnd(settings.db_tx_end);
    setPlans(settings.db_plan_enabled);
  }, [settings]);
  const save = useMutation({
    mutationFn: (body: DataApiSettingsUpdate) => api.dataApiSettings.updateDataApiSettings(projectRef, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.dataApiSettings(projectRef), saved);
      props.notify({ kind: 'success', message: 'Data API settings saved' });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to save the data API settings: ${errorMessage(err)}` }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { db_schema: schemas, db_extra_search_path: extra, max_rows: maxRows.trim() === '' ? null : Number(maxRows.trim()), db_aggregates_enabled: aggregates, db_tx_end: txEnd, db_plan_enabled: plans };
    const parsed = DataApiSettingsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'db_schema' ? 'schemas' : issue.path[0] === 'db_extra_search_path' ? 'extra' : 'maxRows';
        next[field] ??= field === 'maxRows' ? 'Enter a whole number of rows from 1 to 1000000, or leave it empty for no limit' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.sm, maxWidth: 560 }}>
      <Field label="Exposed schemas" hint="Comma separated; the first answers requests that name no schema." error={errors.schemas}>
        <TextInput value={schemas} onChange={(e) => setSchemas(e.target.value)} readOnly={!mayWrite} autoComplete="off" />
      </Field>
      <Field label="Extra search path" hint="Schemas searched after the requested one, e.g. for functions your functions call unqualified." error={errors.extra}>
        <TextInput value={extra} onChange={(e) => setExtra(e.target.value)} readOnly={!mayWrite} autoComplete="off" />
      </Field>
      <Field label="Max rows" hint="The most rows one request answers; empty for no limit." error={errors.maxRows}>
        <TextInput inputMode="numeric" value={maxRows} onChange={(e) => setMaxRows(e.target.value)} readOnly={!mayWrite} autoComplete="off" />
      </Field>
      <div css={{ display: 'grid', gap: tokens.space.xs }}>
        <Checkbox label="Allow aggregate functions" aria-describedby={hintId} checked={aggregates} onChange={(e) => setAggregates(e.target.checked)} disabled={!mayWrite} />
        <p id={hintId} css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
          count(), sum(), avg(), min() and max() in select, grouped by the other columns. An aggregate reads every row it counts: keep it to indexed or small tables.
        </p>
      </div>
      <Field label="Transaction end" hint="How each request's transaction ends. Roll back to try requests without keeping their changes; the override lets a request choose with Prefer: tx=commit or tx=rollback.">
        <Select value={txEnd} onChange={(e) => setTxEnd(e.target.value as DataApiTxEnd)} options={TX_END_OPTIONS} disabled={!mayWrite} />
      </Field>
      <div css={{ display: 'grid', gap: tokens.space.xs }}>
        <Checkbox label="Allow execution plans" aria-describedby={plansHintId} checked={plans} onChange={(e) => setPlans(e.target.checked)} disabled={!mayWrite} />
        <p id={plansHintId} css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
          A request sent with Accept: application/vnd.pgrst.plan (supabase-js: explain()) answers its plan instead of its rows. Plans show your tables' structure and sizes: turn this on while you tune queries, not in production.
        </p>
      </div>
      <div css={{ display: 'flex', justifySelf: 'start' }}>
        <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('change the API settings')}>
          <Button type="submit" variant="primary" disabled={!mayWrite} loading={save.isPending}>
            Save
          </Button>
        </PermissionTooltip>
      </div>
    </form>
  );
}
