// The per-route first-load budgets of budgets.json, read by the CI gate (bundle-budgets.ts) and by
// bench:bundle, and the comparison of measured figures with them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RouteBudget {
  /** How the route is named in a verdict. */
  name: string;
  /** The address opened; `{ref}`, `{bucket}` and `{slug}` are the bench project's. */
  path: string;
  /** false: opened signed out (the sign-in page). */
  signedIn?: boolean;
  /** A Playwright selector that shows once the page is drawn. */
  ready: string;
  /** false: count only what was fetched until `ready` shows (the critical path); else until the network is quiet. */
  settle?: boolean;
  budgetKb: number;
  /** A key of `yardstick` (the budget is a fifth of its figure), or a sentence saying where the figure comes from. */
  from: string;
}

export interface Budgets {
  unit: string;
  rule: string;
  yardstick: Record<string, { kb: number; from: string }>;
  routes: RouteBudget[];
}

export const BUDGETS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'budgets.json');

export function readBudgets(file = BUDGETS_FILE): Budgets {
  const budgets = JSON.parse(readFileSync(file, 'utf8')) as Budgets;
  const problems = budgetProblems(budgets);
  if (problems.length) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  return budgets;
}

/** What is wrong with a budgets file: a budget that does not follow from the source it names, a route twice. */
export function budgetProblems(budgets: Budgets): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of budgets.routes) {
    if (seen.has(route.path)) problems.push(`${route.path} has two budgets`);
    seen.add(route.path);
    if (!(route.budgetKb > 0)) problems.push(`${route.name}: the budget must be a positive number of KB`);
    const yardstick = budgets.yardstick[route.from];
    if (yardstick) {
      const fifth = Math.round(yardstick.kb / 5);
      if (route.budgetKb !== fifth) problems.push(`${route.name}: budget ${route.budgetKb} KB, but a fifth of the yardstick's ${yardstick.kb} KB (${route.from}) is ${fifth} KB`);
    } else if (!/\s/.test(route.from)) {
      problems.push(`${route.name}: "${route.from}" is not a yardstick figure of the file`);
    }
  }
  return problems;
}

export interface Measured {
  name: string;
  path: string;
  /** gzip bytes of the route's first load. */
  bytes: number;
  scripts: number;
  /** Each script of the first load, for FILES=1. */
  files?: { path: string; gzip: number }[];
}

export interface Verdict extends Measured {
  budgetKb: number;
  within: boolean;
}

const KB = 1024;

export function judge(measured: Measured, budget: RouteBudget): Verdict {
  return { ...measured, budgetKb: budget.budgetKb, within: measured.bytes <= budget.budgetKb * KB };
}

/** One line per route: its figure, its budget and the room left (or how far over it is). */
export function verdictLine(v: Verdict): string {
  const kb = (v.bytes / KB).toFixed(1);
  const room = ((v.budgetKb * KB - v.bytes) / KB).toFixed(1);
  return v.within
    ? `ok    ${v.name} (${v.path}): ${kb} KB gzip in ${v.scripts} scripts, budget ${v.budgetKb} KB (${room} KB to spare)`
    : `OVER  ${v.name} (${v.path}): ${kb} KB gzip in ${v.scripts} scripts, over its budget of ${v.budgetKb} KB by ${(-Number(room)).toFixed(1)} KB`;
}

/** The gate's summary: null when every route is within its budget, else the message that fails CI. */
export function gateFailure(verdicts: Verdict[]): string | null {
  const over = verdicts.filter((v) => !v.within);
  if (!over.length) return null;
  return `${over.length} route${over.length === 1 ? ' is' : 's are'} over budget (bench/budgets.json):\n${over.map((v) => `  ${verdictLine(v)}`).join('\n')}`;
}
