import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section, StatusBadge } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { FEATURE_FLAG_GATES, FEATURE_FLAGS, type FeatureFlag, type FeatureFlagValues } from '@plinth/shared-contracts';
import type { AdminFeatureFlags, AdminOrganizationFlags } from '@plinth/contracts-settings';
import { errorMessage, useArea } from '@plinth/area-kit';
import { adminFlagsKey, useAdminFlags } from './use-admin-flags';

const c = tokens.color;
const onOff = (v: boolean) => (v ? 'On' : 'Off');
const SLUG = /^[a-z0-9-]{1,64}$/;

/**
 * /account/feature-flags, for platform admins: each flag's value for the whole environment (the
 * deploy environment's, or the admins' own setting over it), and any organization's own setting
 * over the environment's. Everyone else is refused by the API (403) and told so.
 */
export function FeatureFlagsAdmin() {
  const [viewed, setViewed] = useState<string | undefined>(undefined);
  const flags = useAdminFlags(viewed);
  const header = <PageHeader title="Feature Flags" description="Turn parts of the console on or off for the whole environment or for one organization." />;
  let body;
  if (flags.isPending) body = <LoadingSkeleton label="Loading feature flags" rows={6} />;
  else if (flags.isError && (flags.error as { status?: number }).status === 403)
    body = <InlineError message="Only platform admins can manage feature flags" detail={errorMessage(flags.error)} />;
  else if (flags.isError && viewed)
    body = (
      <>
        <InlineError message={`Failed to retrieve the feature flags of ${viewed}`} detail={errorMessage(flags.error)} />
        <div>
          <Button onClick={() => setViewed(undefined)}>Back to the environment</Button>
        </div>
      </>
    );
  else if (flags.isError) body = <InlineError message="Failed to retrieve feature flags" detail={errorMessage(flags.error)} onRetry={() => void flags.refetch()} />;
  else
    body = (
      <>
        <EnvironmentFlags data={flags.data} viewed={viewed} />
        <OrganizationFlags data={flags.data} viewed={viewed} onView={setViewed} />
      </>
    );
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 900 }}>{body}</div>
    </>
  );
}

function useSetFlag(viewed: string | undefined) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { flag: FeatureFlag; enabled: boolean | null; organization?: string }) => api.featureFlagAdmin.setAdminFeatureFlag(v.flag, v.enabled, v.organization),
    onSuccess: (answer, v) => {
      queryClient.setQueryData(adminFlagsKey(viewed), answer);
      void queryClient.invalidateQueries({ queryKey: ['admin-feature-flags'] });
      void queryClient.invalidateQueries({ queryKey: ['feature-flags'] });
      const where = v.organization ? `for ${v.organization}` : 'for the environment';
      props.notify({ kind: 'success', message: v.enabled === null ? `${v.flag} follows ${v.organization ? 'the environment' : 'the deploy environment'} again ${where}` : `${v.flag} is ${v.enabled ? 'on' : 'off'} ${where}` });
    },
    onError: (err, v) => props.notify({ kind: 'error', message: `Failed to update ${v.flag}: ${errorMessage(err)}` }),
  });
}

/** One flag: its name and what it gates, its value and a choice of its setting at this level. */
function FlagRow(p: { flag: FeatureFlag; value: boolean; setting: boolean | undefined; below: boolean; belowLabel: string; scope: string; pending: boolean; onChange: (enabled: boolean | null) => void }) {
  const choice = p.setting === undefined ? 'follow' : p.setting ? 'on' : 'off';
  return (
    <li css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.space.md, padding: `${tokens.space.md} 0`, borderTop: `1px solid ${c.border}` }}>
      <div css={{ flex: '1 1 260px', minWidth: 0 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, flexWrap: 'wrap' }}>
          <code css={{ fontSize: tokens.fontSize.sm, overflowWrap: 'anywhere' }}>{p.flag}</code>
          <StatusBadge tone={p.value ? 'success' : 'neutral'}>{onOff(p.value)}</StatusBadge>
        </div>
        <div css={{ color: c.textMuted, fontSize: tokens.fontSize.sm, marginTop: tokens.space.xs }}>{FEATURE_FLAG_GATES[p.flag]}</div>
      </div>
      <div css={{ flex: '0 1 240px', minWidth: 180 }}>
        <Select
          aria-label={`${p.flag} ${p.scope}`}
          value={choice}
          disabled={p.pending}
          onChange={(e) => p.onChange(e.target.value === 'follow' ? null : e.target.value === 'on')}
          options={[
            { value: 'follow', label: `${p.belowLabel} (${onOff(p.below)})` },
            { value: 'on', label: 'On' },
            { value: 'off', label: 'Off' },
          ]}
        />
      </div>
    </li>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

function EnvironmentFlags({ data, viewed }: { data: AdminFeatureFlags; viewed: string | undefined }) {
  const set = useSetFlag(viewed);
  return (
    <Section title="Environment" description="Every organization without a setting of its own gets these values.">
      <ul css={listStyle} aria-label="Environment flags">
        {FEATURE_FLAGS.map((flag) => (
          <FlagRow
            key={flag}
            flag={flag}
            value={data.environment[flag]}
            setting={data.environment_overrides[flag]}
            below={data.deploy[flag]}
            belowLabel="Deploy default"
            scope="for the environment"
            pending={set.isPending && set.variables?.flag === flag && !set.variables.organization}
            onChange={(enabled) => set.mutate({ flag, enabled })}
          />
        ))}
      </ul>
    </Section>
  );
}

function OrganizationFlags({ data, viewed, onView }: { data: AdminFeatureFlags; viewed: string | undefined; onView: (slug: string | undefined) => void }) {
  const [slug, setSlug] = useState(viewed ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const s = slug.trim();
    if (!SLUG.test(s)) {
      setError('Enter an organization slug: lowercase letters, digits and hyphens');
      return;
    }
    setError(undefined);
    onView(s);
  };
  return (
    <Section title="Organizations" description="An organization's own setting is used over the environment's value.">
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.space.sm }}>
        <div css={{ flex: '1 1 240px', maxWidth: 360 }}>
          <Field label="Organization slug" error={error}>
            <TextInput value={slug} autoComplete="off" onChange={(e) => setSlug(e.target.value)} />
          </Field>
        </div>
        <Button type="submit">Show flags</Button>
      </form>
      {data.organizations.length ? (
        <div>
          <div css={{ color: c.textMuted, fontSize: tokens.fontSize.sm, marginBottom: tokens.space.xs }}>Organizations with settings of their own</div>
          <ul css={{ ...listStyle, display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm }} aria-label="Organizations with settings of their own">
            {data.organizations.map((o) => (
              <li key={o.slug}>
                <Button
                  size="small"
                  aria-pressed={viewed === o.slug}
                  onClick={() => {
                    setSlug(o.slug);
                    onView(o.slug);
                  }}
                >
                  {`${o.name} (${Object.keys(o.overrides).length})`}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p css={{ margin: 0, color: c.textMuted, fontSize: tokens.fontSize.sm }}>No organization has settings of its own.</p>
      )}
      {data.organization ? <OneOrganization org={data.organization} environment={data.environment} viewed={viewed} /> : null}
    </Section>
  );
}

function OneOrganization({ org, environment, viewed }: { org: AdminOrganizationFlags; environment: FeatureFlagValues; viewed: string | undefined }) {
  const set = useSetFlag(viewed);
  return (
    <div css={{ display: 'grid', gap: tokens.space.sm }}>
      <h3 css={{ margin: 0, fontSize: tokens.fontSize.md }}>{`${org.name} (${org.slug})`}</h3>
      <ul css={listStyle} aria-label={`Flags of ${org.name}`}>
        {FEATURE_FLAGS.map((flag) => (
          <FlagRow
            key={flag}
            flag={flag}
            value={org.flags[flag]}
            setting={org.overrides[flag]}
            below={environment[flag]}
            belowLabel="Environment"
            scope={`for ${org.slug}`}
            pending={set.isPending && set.variables?.flag === flag && set.variables.organization === org.slug}
            onChange={(enabled) => set.mutate({ flag, enabled, organization: org.slug })}
          />
        ))}
      </ul>
    </div>
  );
}
