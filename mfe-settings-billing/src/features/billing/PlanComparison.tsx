import { Fragment, type ReactNode } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { Badge } from '@plinth/shared-ui/layout';
import { Section } from '@plinth/shared-ui/page';
import { DisabledReason, Tooltip } from '@plinth/shared-ui/tooltip';
import { CheckIcon, InfoIcon, MinusIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { PLAN_IDS, type PlanId } from '@plinth/shared-contracts';
import { planRank, type PlanFeature, type PlansAnswer } from '@plinth/contracts-billing';

/** What a tier's call to action does for this organization: change to it, contact us, or nothing (the current plan). */
export interface PlanActions {
  current: PlanId;
  /** Why changing is not possible now (permission, the operator's switch); null when it is. */
  refusal: string | null;
  onChoose: (plan: PlanId) => void;
}

const muted = { color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;

function ctaLabel(tier: PlansAnswer['plans'][number], current: PlanId): string {
  if (tier.id === 'enterprise') return tier.cta;
  return planRank(tier.id) > planRank(current) ? tier.cta : `Downgrade to ${tier.name}`;
}

/** The four tiers side by side, each with its price, its highlights and its call to action (001 §2, §3). */
export function PlanTiers({ plans, actions }: { plans: PlansAnswer['plans']; actions: PlanActions | null }) {
  return (
    <ul aria-label="Plans" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
      {plans.map((tier) => {
        const isCurrent = actions?.current === tier.id;
        return (
          <li
            key={tier.id}
            aria-label={`${tier.name} plan`}
            data-plan={tier.id}
            css={{
              display: 'grid',
              gridTemplateRows: 'auto auto 1fr auto',
              gap: tokens.space.sm,
              padding: tokens.space.lg,
              borderRadius: tokens.radius.lg,
              border: `1px solid ${isCurrent ? tokens.color.brand : tokens.color.border}`,
              background: tokens.color.surface,
            }}
          >
            <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.space.sm }}>
              <h3 css={{ margin: 0, fontSize: tokens.fontSize.lg }}>{tier.name}</h3>
              {isCurrent ? <Badge kind="info">Current plan</Badge> : null}
            </div>
            <p css={{ margin: 0, fontSize: tokens.fontSize.xl, fontWeight: tokens.fontWeight.semibold }}>
              {tier.priceMonthly}
              {tier.id === 'pro' || tier.id === 'team' ? <span css={muted}> / month</span> : null}
            </p>
            <ul css={{ margin: 0, paddingLeft: tokens.space.lg, display: 'grid', alignContent: 'start', gap: tokens.space.xs, fontSize: tokens.fontSize.sm }}>
              {tier.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {actions ? <TierAction tier={tier} actions={actions} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function TierAction({ tier, actions }: { tier: PlansAnswer['plans'][number]; actions: PlanActions }) {
  if (tier.id === actions.current) {
    return (
      <Button disabled block>
        Current plan
      </Button>
    );
  }
  if (tier.id === 'enterprise') {
    return (
      <a href="mailto:sales@plinth.example?subject=Enterprise%20plan" css={{ color: tokens.color.brandText, fontSize: tokens.fontSize.sm, textAlign: 'center', padding: '6px 0' }}>
        {tier.cta}
      </a>
    );
  }
  const upgrade = planRank(tier.id) > planRank(actions.current);
  return (
    <DisabledReason reason={actions.refusal}>
      <Button block variant={upgrade ? 'primary' : 'default'} onClick={() => actions.onChoose(tier.id)}>
        {ctaLabel(tier, actions.current)}
      </Button>
    </DisabledReason>
  );
}

/** One fact of a plan: included, not included, or its words. */
export function PlanFact({ value }: { value: boolean | string }): ReactNode {
  if (value === true) {
    return (
      <span css={{ color: tokens.color.successText, display: 'inline-flex' }}>
        <CheckIcon size={16} aria-hidden />
        <span css={visuallyHidden}>Included</span>
      </span>
    );
  }
  if (value === false) {
    return (
      <span css={{ color: tokens.color.textMuted, display: 'inline-flex' }}>
        <MinusIcon size={16} aria-hidden />
        <span css={visuallyHidden}>Not included</span>
      </span>
    );
  }
  return <>{value}</>;
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function Hint({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip content={text}>
      <button
        type="button"
        aria-label={`About ${label}: ${text}`}
        css={{ border: 0, background: 'none', padding: 2, marginLeft: tokens.space.xs, color: tokens.color.textMuted, cursor: 'help', display: 'inline-flex', verticalAlign: 'middle', borderRadius: tokens.radius.sm }}
      >
        <InfoIcon size={14} aria-hidden />
      </button>
    </Tooltip>
  );
}

const cell = { padding: `${tokens.space.sm} ${tokens.space.md}`, borderBottom: `1px solid ${tokens.color.border}`, textAlign: 'left', verticalAlign: 'top', fontSize: tokens.fontSize.sm } as const;

function FeatureRow({ feature, current }: { feature: PlanFeature; current: PlanId | null }) {
  return (
    <tr>
      <th scope="row" css={{ ...cell, fontWeight: tokens.fontWeight.regular, position: 'sticky', left: 0, background: tokens.color.surface, minWidth: 160 }}>
        {feature.title}
        {feature.usage_based ? (
          <span css={{ marginLeft: tokens.space.xs }}>
            <Badge kind="neutral">Usage-based</Badge>
          </span>
        ) : null}
        {feature.tooltips?.main ? <Hint text={feature.tooltips.main} label={feature.title} /> : null}
      </th>
      {PLAN_IDS.map((plan) => {
        const tip = plan === 'free' ? undefined : feature.tooltips?.[plan];
        return (
          <td key={plan} data-plan={plan} css={{ ...cell, background: plan === current ? tokens.color.surfaceHover : undefined }}>
            <PlanFact value={feature.plans[plan]} />
            {tip ? <Hint text={tip} label={`${feature.title} on ${plan}`} /> : null}
          </td>
        );
      })}
    </tr>
  );
}

/**
 * The comparison table, grouped by its sections (database, auth, storage, edge functions, realtime,
 * dashboard, security, support) with every fact of 001 §9; usage-based facts marked. On a narrow
 * window the table scrolls sideways with the feature names held in place.
 */
export function PlanComparisonTable({ comparison, names, current }: { comparison: PlansAnswer['comparison']; names: Record<PlanId, string>; current: PlanId | null }) {
  return (
    <Section title="Compare plans" description="Usage-based facts are billed on what the organization uses above the included amounts.">
      <div data-scroll-x tabIndex={0} role="region" aria-label="Plan comparison" css={{ overflowX: 'auto', minWidth: 0, position: 'relative', border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, '&:focus-visible': { outline: `2px solid ${tokens.color.focus}` } }}>
        <table css={{ borderCollapse: 'separate', borderSpacing: 0, width: '100%', minWidth: 720 }}>
          <thead>
            <tr>
              <th scope="col" css={{ ...cell, position: 'sticky', left: 0, background: tokens.color.surface }}>
                Feature
              </th>
              {PLAN_IDS.map((plan) => (
                <th key={plan} scope="col" css={{ ...cell, background: plan === current ? tokens.color.surfaceHover : tokens.color.surface }}>
                  {names[plan]}
                  {plan === current ? <span css={{ ...muted, fontWeight: tokens.fontWeight.regular }}> (current)</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          {comparison.map((section) => (
            <Fragment key={section.key}>
              <tbody aria-label={section.title}>
                <tr>
                  <th scope="colgroup" colSpan={5} css={{ ...cell, position: 'sticky', left: 0, background: tokens.color.background, fontWeight: tokens.fontWeight.semibold, paddingTop: tokens.space.lg }}>
                    {section.title}
                  </th>
                </tr>
                {section.features.map((f) => (
                  <FeatureRow key={f.title} feature={f} current={current} />
                ))}
              </tbody>
            </Fragment>
          ))}
        </table>
      </div>
    </Section>
  );
}
