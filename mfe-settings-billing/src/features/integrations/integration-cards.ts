import { INTEGRATION_NAMES, type IntegrationName, type OrganizationIntegration } from '@plinth/contracts-settings';

/** What each integration the platform offers does, in a sentence for its card. */
export const INTEGRATION_DESCRIPTIONS: Record<IntegrationName, string> = {
  GitHub: 'Connect a repository to a project: its branches become preview branches of the database.',
  Vercel: "Send a project's URL and keys to the apps deployed from it.",
};

export interface IntegrationCard {
  name: IntegrationName;
  description: string;
  /** The organization's installation, null when not installed. */
  installed: OrganizationIntegration | null;
  /** The status in words: 'Not installed', 'Installed', 'Installed · 2 connections'. */
  status: string;
}

const connections = (n: number) => (n === 0 ? 'Installed' : `Installed · ${n} ${n === 1 ? 'connection' : 'connections'}`);

/** One card per integration the platform offers, installed ones first, in the platform's order otherwise. */
export function integrationCards(installed: readonly OrganizationIntegration[]): IntegrationCard[] {
  const cards = INTEGRATION_NAMES.map((name) => {
    const found = installed.find((i) => i.integration.name === name) ?? null;
    return { name, description: INTEGRATION_DESCRIPTIONS[name], installed: found, status: found ? connections(found.connections.length) : 'Not installed' };
  });
  return [...cards.filter((c) => c.installed), ...cards.filter((c) => !c.installed)];
}
