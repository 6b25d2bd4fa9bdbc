// The CI gate on first-load sizes (issue 21): opens every route of budgets.json in a cold browser
// against the built and published console, and fails naming each route whose whole first load
// (gzip bytes of its scripts) is over its budget. Sizes only: they are the same on every run, where
// times are not, so no time is asserted here. ROUTES=<text> measures only the routes whose name or
// path contains it; FILES=1 lists each route's scripts, largest first.
import { gateFailure, judge, readBudgets, verdictLine, type Verdict } from './budgets';
import { measureFirstLoad, seedRouteData } from './first-load';
import { launchChromium, signUpWithProject, startConsole } from './load-console';

const budgets = readBudgets();
const only = process.env.ROUTES;
const routes = budgets.routes.filter((r) => !only || r.name.includes(only) || r.path.includes(only));
const started = Date.now();
const server = await startConsole();
const browser = await launchChromium();
let failure: string | null = null;
try {
  const setup = await browser.newContext();
  const ref = await signUpWithProject(setup, server.url);
  const values = { ref, ...(await seedRouteData(setup, server.url, ref)) };
  const cookies = await setup.cookies();
  await setup.close();

  const verdicts: Verdict[] = [];
  for (const route of routes) {
    const verdict = judge(await measureFirstLoad(browser, server.url, route, values, cookies), route);
    verdicts.push(verdict);
    console.log(verdictLine(verdict));
    if (process.env.FILES) {
      for (const file of [...(verdict.files ?? [])].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.path}`);
    }
  }
  failure = gateFailure(verdicts);
  console.log(failure ?? `All ${verdicts.length} routes within their first-load budgets (${((Date.now() - started) / 1000).toFixed(0)} s).`);
} finally {
  await browser.close();
  await server.stop();
}
if (failure) process.exit(1);
