import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { PLAN_IDS, queryKeys, type PlanId } from '@plinth/shared-contracts';
import { formatCents, PLAN_NAMES, planRank } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';
import { PlanFact } from './PlanComparison';
import { usePlanChangePreview } from './use-billing';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The plan panel (`?panel=subscriptionPlan`): pick a plan, see what changes and what it costs this
 * period (prorated), and confirm. A change that would break a limit of the target plan says which
 * and cannot be confirmed; neither can one the user may not make (the reason on Confirm).
 */
export function ChangePlanPanel({ slug, current, initial, refusal, onClose }: { slug: string; current: PlanId; initial: PlanId | null; refusal: string | null; onClose: () => void }) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<PlanId | null>(initial && initial !== current ? initial : null);
  useEffect(() => setPlan(initial && initial !== current ? initial : null), [initial, current]);
  const preview = usePlanChangePreview(slug, plan);
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (to: PlanId) => api.plans.updateSubscription(slug, { plan: to }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.subscription(slug), saved);
      // Everything the plan decides: previews, roles, invoices, usage limits, the organization itself.
      void queryClient.invalidateQueries({ queryKey: keys.subscription(slug) });
      void queryClient.invalidateQueries({ queryKey: keys.orgUsage(slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() });
      props.notify({ kind: 'success', message: `The organization is now on the ${saved.plan.name} plan` });
      onClose();
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const blockers = preview.data?.blockers ?? [];
  const confirmReason = refusal ?? (plan === null ? 'Choose a plan first' : blockers.length ? 'This change would break a limit of the plan' : undefined);
  const amount = preview.data?.prorated_amount_cents ?? 0;

  return (
    <SidePanel
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Change subscription plan"
      description={`The organization is on the ${PLAN_NAMES[current]} plan.`}
      size="large"
      confirmText={plan ? `Change to ${PLAN_NAMES[plan]}` : 'Confirm'}
      confirmDisabled={Boolean(confirmReason) || preview.isPending}
      confirmTooltip={confirmReason}
      confirmLoading={change.isPending}
      onConfirm={() => {
        setError(null);
        if (plan && !confirmReason) change.mutate(plan);
      }}
      onCancel={onClose}
    >
      <div css={{ display: 'grid', gap: tokens.space.lg }}>
        {refusal ? <InlineNotice kind="warning">{refusal}</InlineNotice> : null}
        <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: tokens.space.sm }}>
          <legend css={{ fontWeight: tokens.fontWeight.medium, marginBottom: tokens.space.sm }}>Plan</legend>
          {PLAN_IDS.filter((p) => p !== 'enterprise').map((p) => (
            <label key={p} css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, cursor: 'pointer' }}>
              <input type="radio" name="plan" value={p} checked={(plan ?? current) === p} onChange={() => setPlan(p === current ? null : p)} />
              <span>
                {PLAN_NAMES[p]}
                {p === current ? ' (current)' : planRank(p) > planRank(current) ? ' (upgrade)' : ' (downgrade)'}
              </span>
            </label>
          ))}
          <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>The Enterprise plan is arranged with our team: contact us from the plans below.</p>
        </fieldset>
        {plan === null ? null : preview.isPending ? (
          <LoadingSkeleton label="Loading what changes" rows={3} />
        ) : preview.isError ? (
          <InlineError message="Failed to work out the change" detail={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />
        ) : (
          <>
            <section aria-label="Cost this period" css={{ display: 'grid', gap: tokens.space.xs }}>
              <h3 css={{ margin: 0, fontSize: tokens.fontSize.md }}>What it costs this period</h3>
              <p css={{ margin: 0 }} data-testid="prorated-amount">
                {amount >= 0
                  ? `${formatCents(amount)} now, for the rest of this billing period (${dateOf(preview.data.period_start)} to ${dateOf(new Date(Date.parse(preview.data.period_end) - 1).toISOString())}, prorated).`
                  : `${formatCents(-amount)} credited to the next invoice for the rest of this billing period (prorated).`}
              </p>
            </section>
            {blockers.length ? (
              <InlineNotice kind="danger" title={`The organization cannot move to the ${PLAN_NAMES[plan]} plan yet`}>
                <ul css={{ margin: 0, paddingLeft: tokens.space.lg }}>
                  {blockers.map((b) => (
                    <li key={b.limit} data-limit={b.limit}>
                      {b.message}
                    </li>
                  ))}
                </ul>
              </InlineNotice>
            ) : null}
            <section aria-label="What changes" css={{ display: 'grid', gap: tokens.space.xs }}>
              <h3 css={{ margin: 0, fontSize: tokens.fontSize.md }}>What changes</h3>
              <div data-scroll-x tabIndex={0} role="region" aria-label="Changes between the plans" css={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}>
                <table css={{ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.sm, 'th, td': { textAlign: 'left', padding: '6px 8px', borderBottom: `1px solid ${tokens.color.border}` } }}>
                  <thead>
                    <tr>
                      <th scope="col">Feature</th>
                      <th scope="col">{PLAN_NAMES[current]}</th>
                      <th scope="col">{PLAN_NAMES[plan]}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.data.changes.map((c) => (
                      <tr key={`${c.section}/${c.title}`}>
                        <th scope="row" css={{ fontWeight: tokens.fontWeight.regular }}>
                          {c.title}
                        </th>
                        <td>
                          <PlanFact value={c.from} />
                        </td>
                        <td>
                          <PlanFact value={c.to} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          </>
        )}
        {error ? <InlineError message="The plan was not changed" detail={error} /> : null}
      </div>
    </SidePanel>
  );
}
