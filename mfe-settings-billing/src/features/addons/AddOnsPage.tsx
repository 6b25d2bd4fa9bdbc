import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlainPlaceholderPage as PlaceholderPage, errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { PERMISSIONS } from '@plinth/shared-contracts';
import {
  ADDON_MESSAGES,
  AddonChangeBodySchema,
  DEFAULT_COMPUTE_SIZE,
  formatAddonPrice,
  type AddonKindOffer,
  type AddonVariantId,
  type ProjectAddons,
  type SelectedAddon,
} from '@plinth/contracts-billing';
import { ConsoleLink } from '../../area/ConsoleLink';
import { keys } from '../../area/query-keys';

/** What each kind does, under its title. */
const ABOUT: Record<AddonKindOffer['kind'], string> = {
  compute_size: 'The instance the project database runs on. Every project runs Micro; a larger size adds its hourly price.',
  pitr: 'Restore the database to any point in time instead of the daily backups only.',
  custom_domain: 'Serve the project API on a domain of your own, set up on the General page once added.',
  ipv4: 'A dedicated IPv4 address for direct connections to the database.',
};

/** Project Settings → Add Ons (hosted only): what the plans offer beyond the plan itself. */
export function AddOnsPage() {
  return (
    <PlaceholderPage title="Add Ons">
      <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xxl, maxWidth: 960 }}>
        <AddOns />
      </div>
    </PlaceholderPage>
  );
}

function AddOns() {
  const { api, projectRef } = useArea();
  const addons = useQuery({ queryKey: keys.projectAddons(projectRef), queryFn: () => api.addons.listAddons(projectRef) });
  if (addons.isPending) return <LoadingSkeleton label="Loading add-ons" rows={4} />;
  if (addons.isError) return <InlineError message="Failed to retrieve add-ons" detail={errorMessage(addons.error)} onRetry={() => void addons.refetch()} />;
  return (
    <>
      {addons.data.available.map((offer) => (
        <AddonSection key={offer.kind} offer={offer} data={addons.data} />
      ))}
    </>
  );
}

function SubscriptionLink() {
  const { projectRef } = useArea();
  return (
    <ConsoleLink to={`/project/${projectRef}/settings/billing/subscription?panel=subscriptionPlan`} size="small">
      Change subscription plan
    </ConsoleLink>
  );
}

function AddonSection({ offer, data }: { offer: AddonKindOffer; data: ProjectAddons }) {
  const { can } = useArea();
  const current = data.selected.find((a) => a.kind === offer.kind) ?? null;
  const mayChange = can(PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS);
  const [open, setOpen] = useState(false);
  const change = (
    <Button size="small" onClick={() => setOpen(true)} aria-label={`Change ${offer.name.toLowerCase()}`}>
      Change
    </Button>
  );
  return (
    <Section
      title={offer.name}
      description={ABOUT[offer.kind]}
      actions={
        offer.rule === 'available' ? (
          mayChange ? (
            change
          ) : (
            <PermissionTooltip allowed={false} message={ADDON_MESSAGES.noPermission}>
              {change}
            </PermissionTooltip>
          )
        ) : null
      }
    >
      {offer.rule === 'unavailable' ? (
        <InlineNotice kind="info" action={<SubscriptionLink />}>
          {ADDON_MESSAGES.notOnPlan(offer.kind, data.plan)}
        </InlineNotice>
      ) : offer.rule === 'included' ? (
        <InlineNotice kind="info">{ADDON_MESSAGES.includedInPlan(offer.kind, data.plan)}</InlineNotice>
      ) : (
        <CurrentChoice kind={offer.kind} current={current} />
      )}
      {open ? <ChangePanel offer={offer} current={current} onClose={() => setOpen(false)} /> : null}
    </Section>
  );
}

function CurrentChoice({ kind, current }: { kind: AddonKindOffer['kind']; current: SelectedAddon | null }) {
  return (
    <dl
      data-testid={`addon-${kind}`}
      css={{ display: 'flex', flexWrap: 'wrap', gap: `${tokens.space.xs} ${tokens.space.lg}`, margin: 0, padding: tokens.space.md, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md, background: tokens.color.surface }}
    >
      <dt css={{ color: tokens.color.textMuted }}>Current</dt>
      <dd css={{ margin: 0, fontWeight: tokens.fontWeight.semibold }}>{current ? current.name : kind === 'compute_size' ? DEFAULT_COMPUTE_SIZE : ADDON_MESSAGES.empty}</dd>
      {current ? <dd css={{ margin: 0, color: tokens.color.textMuted }}>{formatAddonPrice(current)}</dd> : null}
    </dl>
  );
}

const NONE = 'none';

function ChangePanel({ offer, current, onClose }: { offer: AddonKindOffer; current: SelectedAddon | null; onClose: () => void }) {
  const { api, projectRef, props } = useArea();
  const queryClient = useQueryClient();
  const name = useId();
  const [choice, setChoice] = useState<AddonVariantId | typeof NONE>(current?.variant ?? NONE);
  const save = useMutation({
    mutationFn: async () => {
      if (choice === NONE) return current ? api.addons.removeAddon(projectRef, current.variant) : null;
      return api.addons.selectAddon(projectRef, AddonChangeBodySchema.parse({ addon_variant: choice }));
    },
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(keys.projectAddons(projectRef), answer);
      void queryClient.invalidateQueries({ queryKey: keys.projectAddons(projectRef) });
      const picked = offer.variants.find((v) => v.variant === choice);
      props.notify({ kind: 'success', message: picked ? ADDON_MESSAGES.selected(picked.name) : ADDON_MESSAGES.removed(offer.kind) });
      onClose();
    },
  });
  const unchanged = choice === (current?.variant ?? NONE);
  const options = [
    { value: NONE, label: offer.kind === 'compute_size' ? `${DEFAULT_COMPUTE_SIZE} (included)` : ADDON_MESSAGES.empty, detail: offer.kind === 'compute_size' ? 'The smallest instance, billed as the project compute' : 'No add-on', price: '' },
    ...offer.variants.map((v) => ({ value: v.variant, label: v.name, detail: v.description, price: formatAddonPrice(v) })),
  ];
  return (
    <SidePanel
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Change ${offer.name.toLowerCase()}`}
      description={ADDON_MESSAGES.changeConfirmation}
      confirmText="Confirm"
      confirmDisabled={unchanged}
      confirmLoading={save.isPending}
      onConfirm={() => save.mutate()}
      onCancel={onClose}
    >
      <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: tokens.space.sm }}>
        <legend css={{ marginBottom: tokens.space.sm, fontWeight: tokens.fontWeight.semibold }}>{offer.name}</legend>
        {options.map((o) => (
          <label
            key={o.value}
            css={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr) auto',
              gap: tokens.space.sm,
              alignItems: 'start',
              padding: tokens.space.md,
              border: `1px solid ${choice === o.value ? tokens.color.brand : tokens.color.border}`,
              borderRadius: tokens.radius.md,
              cursor: 'pointer',
            }}
          >
            <input type="radio" name={name} value={o.value} checked={choice === o.value} onChange={() => setChoice(o.value as AddonVariantId | typeof NONE)} css={{ marginTop: 3 }} />
            <span css={{ display: 'grid', gap: 2 }}>
              <span css={{ fontWeight: tokens.fontWeight.semibold }}>{o.label}</span>
              <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{o.detail}</span>
            </span>
            <span css={{ fontSize: tokens.fontSize.sm, whiteSpace: 'nowrap' }}>{o.price}</span>
          </label>
        ))}
      </fieldset>
      {save.isError ? (
        <div css={{ marginTop: tokens.space.md }}>
          <InlineError message="The add-on was not changed" detail={errorMessage(save.error)} />
        </div>
      ) : null}
    </SidePanel>
  );
}
