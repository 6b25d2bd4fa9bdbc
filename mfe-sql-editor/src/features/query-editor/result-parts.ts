import { lazyWithPreload } from '@plinth/area-kit';

// The parts of a run's outcome, each in its own chunk (run-parts.ts starts loading them; the
// outcome, itself loaded lazily, draws them).

/** The results grid, fetched when a query first runs. */
export const ResultsGrid = lazyWithPreload(() => import(/* webpackChunkName: "sql-results-grid" */ './results/ResultsGrid').then((m) => m.default));

/** The EXPLAIN plan tree, fetched when a plan first shows (or the pointer reaches Explain). */
export const PlanTree = lazyWithPreload(() => import(/* webpackChunkName: "sql-plan-tree" */ './explain/PlanTree').then((m) => m.PlanTree));
