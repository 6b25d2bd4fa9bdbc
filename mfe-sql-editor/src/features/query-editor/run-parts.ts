import { lazyWithPreload } from '@plinth/area-kit';
import { PlanTree, ResultsGrid } from './result-parts';

// What a run shows, each part in its own chunk: a query page shows none of it until something runs.
// Run and Mod+Enter fetch the outcome and the grid as the query starts (the pointer on Run before);
// Explain fetches the plan tree.

/** Running, cancelled, the error, or each statement's result. */
export const RunOutcome = lazyWithPreload(() => import(/* webpackChunkName: "sql-run-outcome" */ './RunOutcome').then((m) => m.RunOutcome));

export { PlanTree, ResultsGrid };

/** Starts loading what a run (or an EXPLAIN) will show. */
export function preloadRunParts(explain = false) {
  void RunOutcome.preload();
  void (explain ? PlanTree : ResultsGrid).preload();
}
