import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { DisabledReason } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { FREE_PROJECT_LIMIT, PLAN_IDS, queryKeys, type PlanId } from '@plinth/shared-contracts';
import { PLAN_NAMES, PLAN_TIERS } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';
import { ChangePlanPanel } from './ChangePlanPanel';
import { PlanComparisonTable, PlanTiers } from './PlanComparison';
import { useChangeRefusal, usePlans, useSubscription } from './use-billing';

const PANEL = 'subscriptionPlan';
const isPlan = (v: string | null): v is PlanId => v !== null && (PLAN_IDS as readonly string[]).includes(v);

/**
 * The organization's subscription (`/org/{slug}/billing`, the project's `settings/billing/subscription`):
 * the current plan, the members at their free project limit, the four tiers and the comparison
 * table; `?panel=subscriptionPlan` (with `plan=` for a tier's call to action) opens the plan panel.
 */
export function Subscription({ slug, title = 'Billing' }: { slug: string; title?: string }) {
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription(slug);
  const plans = usePlans();
  const refusal = useChangeRefusal();
  const open = params.get('panel') === PANEL;
  const chosen = params.get('plan');
  const openPanel = (plan?: PlanId) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('panel', PANEL);
      if (plan) next.set('plan', plan);
      else next.delete('plan');
      return next;
    });
  const closePanel = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('panel');
      next.delete('plan');
      return next;
    });

  const header = <PageHeader title={title} description="The organization's plan: what it includes, what it costs, and changing it." />;
  const body = (() => {
    if (subscription.isPending) return <LoadingSkeleton label="Loading the subscription" shape="card" rows={3} />;
    if (subscription.isError) return <InlineError message="Failed to retrieve the subscription" detail={errorMessage(subscription.error)} onRetry={() => void subscription.refetch()} />;
    const current = subscription.data.plan.id;
    const tier = PLAN_TIERS.find((t) => t.id === current);
    return (
      <>
        <Section title="Subscription plan" description="Changes take effect at once; the price difference is prorated over the rest of the billing period.">
          <Card>
            <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.space.md }}>
              <div css={{ display: 'grid', gap: tokens.space.xs }}>
                <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>Current plan</span>
                <strong css={{ fontSize: tokens.fontSize.xl }} data-testid="current-plan">
                  {PLAN_NAMES[current]}
                </strong>
                <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
                  {tier?.priceMonthly}
                  {subscription.data.usage_billing_enabled ? '; usage above the included amounts is billed' : current === 'free' ? '' : '; usage is capped at the included amounts'}
                </span>
              </div>
              <DisabledReason reason={refusal}>
                <Button variant="primary" onClick={() => openPanel()}>
                  Change subscription plan
                </Button>
              </DisabledReason>
            </div>
          </Card>
          {refusal ? (
            <div css={{ marginTop: tokens.space.md }}>
              <InlineNotice kind="info">{refusal}</InlineNotice>
            </div>
          ) : null}
        </Section>
        {current === 'free' ? <FreeProjectLimit slug={slug} /> : null}
        <Section title="Plans">
          <PlanTiers plans={plans.data?.plans ?? [...PLAN_TIERS]} actions={{ current, refusal, onChoose: (p) => openPanel(p) }} />
        </Section>
        {plans.isError ? <InlineError message="Failed to retrieve the plan comparison" detail={errorMessage(plans.error)} onRetry={() => void plans.refetch()} /> : null}
        {plans.data ? <PlanComparisonTable comparison={plans.data.comparison} names={PLAN_NAMES} current={current} /> : plans.isPending ? <LoadingSkeleton label="Loading the plan comparison" rows={6} /> : null}
        {open ? <ChangePlanPanel slug={slug} current={current} initial={isPlan(chosen) ? chosen : null} refusal={refusal} onClose={closePanel} /> : null}
      </>
    );
  })();
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 1100 }}>{body}</div>
    </>
  );
}

/** The free-project-limit rule (000 §4.3, 001 §7): members who already run as many free projects as the free plan allows. */
function FreeProjectLimit({ slug }: { slug: string }) {
  const { api } = useArea();
  const over = useQuery({ queryKey: queryKeys.freeProjectLimit(slug), queryFn: () => api.organizations.membersReachedFreeProjectLimit(slug) });
  if (!over.data?.length) return null;
  return (
    <InlineNotice kind="warning" title="Members at their free project limit">
      <p css={{ margin: 0 }}>
        Each member may run {FREE_PROJECT_LIMIT} projects across their free organizations. These members have reached it, so no project can be created or restored here until one is paused or the
        organization is upgraded:
      </p>
      <ul css={{ margin: `${tokens.space.xs} 0 0`, paddingLeft: tokens.space.lg }}>
        {over.data.map((m) => (
          <li key={m.primary_email}>
            {m.username} ({m.primary_email})
          </li>
        ))}
      </ul>
    </InlineNotice>
  );
}
