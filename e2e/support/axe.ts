import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical violations on the page as it is now, one line each (rule, help,
 * where). Only violations are gathered (axe skips building selectors for the thousands of nodes that
 * pass), and axe runs in the page itself rather than finishing in a blank page of its own: the
 * console has no cross-origin frames to reach, and it is the same rules at a third of the cost.
 * `rules` limits the run (a second theme needs only the rules the colours decide); `include` limits
 * it to part of the page.
 */
export async function seriousViolations(page: Page, options: { rules?: string[]; include?: string } = {}): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (options.rules) axe.withRules(options.rules);
  if (options.include) axe.include(options.include);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
