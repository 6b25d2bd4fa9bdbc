import { DATABASE_UPGRADE_STEPS, upgradeProgressStep, type DatabaseUpgradeStatus } from '@plinth/shared-contracts';

export type UpgradeStepState = 'pending' | 'in-progress' | 'completed';

/** The eight steps of §4.4 with their state: steps before the current one are completed. */
export function upgradeSteps(status: DatabaseUpgradeStatus | null | undefined): { key: string; label: string; state: UpgradeStepState }[] {
  const current = upgradeProgressStep(status?.progress);
  const done = status?.status === 'Upgraded';
  return DATABASE_UPGRADE_STEPS.map((step, index) => {
    const number = index + 1;
    const state: UpgradeStepState = done || number < current ? 'completed' : number === current ? 'in-progress' : 'pending';
    return { key: step.key, label: step.label, state };
  });
}

/** "2026-11-21 23:48 UTC" */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
