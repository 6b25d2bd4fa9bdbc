import type { PlanId } from '@plinth/shared-contracts';
import {
  ADDON_CATALOGUE,
  ADDON_KIND_NAMES,
  ADDON_KINDS,
  ADDON_MESSAGES,
  ADDON_PLAN_RULE,
  addonVariant,
  DEFAULT_COMPUTE_SIZE,
  type AddonKind,
  type AddonVariantId,
  type ProjectAddons,
  type SelectedAddon,
} from '@plinth/contracts-billing';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';

// A project's add-ons in the control database (project_addons, migration 0370): one row per
// selection, closed by removed_at when removed or replaced, so the history stays for the invoices.

interface Row {
  kind: AddonKind;
  variant: AddonVariantId;
  selected_at: string | Date;
}

const iso = (v: string | Date) => new Date(v).toISOString();

async function planOf(control: ControlDatabase, organizationId: number): Promise<PlanId> {
  const r = await control.query<{ plan: PlanId }>('select plan from organizations where id = $1', [organizationId]);
  return r.rows[0]?.plan ?? 'free';
}

/** The add-ons selected now (whatever the plan allows). */
async function selectedRows(control: ControlDatabase, projectId: number): Promise<Row[]> {
  const r = await control.query<Row>('select kind, variant, selected_at from project_addons where project_id = $1 and removed_at is null order by kind', [projectId]);
  return r.rows.filter((row) => (ADDON_KINDS as readonly string[]).includes(row.kind));
}

export interface AddonProject {
  id: number;
  ref: string;
  organizationId: number;
}

/** What the add-ons page reads: the plan, what is selected (and counts on this plan), and every kind's offer. */
export async function projectAddons(control: ControlDatabase, project: AddonProject): Promise<ProjectAddons> {
  const plan = await planOf(control, project.organizationId);
  const selected: SelectedAddon[] = (await selectedRows(control, project.id))
    .filter((row) => ADDON_PLAN_RULE[row.kind][plan] === 'available')
    .map((row) => ({ ...addonVariant(row.variant), selected_at: iso(row.selected_at) }));
  const compute = selected.find((a) => a.kind === 'compute_size');
  return {
    ref: project.ref,
    plan,
    compute_size: compute?.name ?? DEFAULT_COMPUTE_SIZE,
    selected,
    available: ADDON_KINDS.map((kind) => ({
      kind,
      name: ADDON_KIND_NAMES[kind],
      rule: ADDON_PLAN_RULE[kind][plan],
      variants: ADDON_CATALOGUE.filter((a) => a.kind === kind).map((a) => ({ ...a })),
    })),
  };
}

/** Refuses an add-on the organization's plan cannot buy (unavailable, or already included). */
async function requireBuyable(control: ControlDatabase, project: AddonProject, kind: AddonKind): Promise<void> {
  const plan = await planOf(control, project.organizationId);
  const rule = ADDON_PLAN_RULE[kind][plan];
  if (rule === 'unavailable') throw new HttpError(403, ADDON_MESSAGES.notOnPlan(kind, plan), 'ADDON_NOT_ON_PLAN', 'addon_variant');
  if (rule === 'included') throw new HttpError(400, ADDON_MESSAGES.includedInPlan(kind, plan), 'ADDON_INCLUDED', 'addon_variant');
}

/** Selects a variant, closing the one of its kind selected before. The same variant again changes nothing. */
export async function selectAddon(control: ControlDatabase, project: AddonProject, variant: AddonVariantId): Promise<void> {
  const { kind } = addonVariant(variant);
  await requireBuyable(control, project, kind);
  await control.transaction(async (tx) => {
    await tx.query('update project_addons set removed_at = now() where project_id = $1 and kind = $2 and removed_at is null and variant <> $3', [project.id, kind, variant]);
    await tx.query(
      'insert into project_addons (project_id, kind, variant) values ($1, $2, $3) on conflict (project_id, kind) where removed_at is null do nothing',
      [project.id, kind, variant],
    );
  });
}

/** Removes a selected variant; one not selected is a 404. Answers the kind removed. */
export async function removeAddon(control: ControlDatabase, project: AddonProject, variant: AddonVariantId): Promise<AddonKind> {
  const r = await control.query<{ kind: AddonKind }>('update project_addons set removed_at = now() where project_id = $1 and variant = $2 and removed_at is null returning kind', [project.id, variant]);
  if (!r.rows[0]) throw new HttpError(404, `${addonVariant(variant).name} is not selected on this project`, 'ADDON_NOT_SELECTED', 'variant');
  return r.rows[0].kind;
}

/**
 * Whether the project may have a custom domain: its plan includes one, or the plan can buy one and
 * the project has the custom-domain add-on. Otherwise the custom hostname answers 0_not_allowed.
 */
export async function customDomainAllowed(control: ControlDatabase, project: { id: number; organizationId: number }): Promise<boolean> {
  const rule = ADDON_PLAN_RULE.custom_domain[await planOf(control, project.organizationId)];
  if (rule === 'included') return true;
  if (rule === 'unavailable') return false;
  return (await selectedRows(control, project.id)).some((row) => row.kind === 'custom_domain');
}

/** Every selection of an organization's projects that overlaps [from, to), for its invoice. */
export async function addonHistory(control: ControlDatabase, organizationId: number, from: Date, to: Date) {
  const r = await control.query<{ project_id: number; variant: AddonVariantId; selected_at: string | Date; removed_at: string | Date | null }>(
    `select a.project_id, a.variant, a.selected_at, a.removed_at from project_addons a join projects p on p.id = a.project_id
     where p.organization_id = $1 and a.selected_at < $3 and (a.removed_at is null or a.removed_at > $2) order by a.id`,
    [organizationId, from.toISOString(), to.toISOString()],
  );
  return r.rows
    .filter((row) => ADDON_CATALOGUE.some((a) => a.variant === row.variant))
    .map((row) => ({ projectId: row.project_id, variant: row.variant, from: new Date(row.selected_at).getTime(), to: row.removed_at === null ? null : new Date(row.removed_at).getTime() }));
}
