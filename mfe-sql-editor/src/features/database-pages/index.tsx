import { Suspense, type ComponentType } from 'react';
import { lazyWithPreload } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import type { PlatformFeature } from './PlatformPage';

// Each database page in a chunk of its own: opening one page loads that page alone.
const TablesPage = lazyWithPreload(() => import('./TablesPage').then((m) => m.TablesPage));
const SchemaVisualizerPage = lazyWithPreload(() => import('./schema-visualizer/SchemaVisualizerPage').then((m) => m.SchemaVisualizerPage));
const FunctionsPage = lazyWithPreload(() => import('./FunctionsPage').then((m) => m.FunctionsPage));
const TriggersPage = lazyWithPreload(() => import('./TriggersPage').then((m) => m.TriggersPage));
const ExtensionsPage = lazyWithPreload(() => import('./ExtensionsPage').then((m) => m.ExtensionsPage));
const IndexesPage = lazyWithPreload(() => import('./IndexesPage').then((m) => m.IndexesPage));
const RolesPage = lazyWithPreload(() => import('./RolesPage').then((m) => m.RolesPage));
const MigrationsPage = lazyWithPreload(() => import('./MigrationsPage').then((m) => m.MigrationsPage));
const PlatformPage = lazyWithPreload(() => import('./PlatformPage').then((m) => m.PlatformPage));

const platform = (feature: PlatformFeature) => () => <PlatformPage feature={feature} />;

/** Each database page by its path below /database. */
export const DATABASE_PAGE_COMPONENTS: Record<string, ComponentType> = {
  tables: TablesPage,
  schemas: SchemaVisualizerPage,
  functions: FunctionsPage,
  triggers: TriggersPage,
  extensions: ExtensionsPage,
  indexes: IndexesPage,
  roles: RolesPage,
  migrations: MigrationsPage,
  replication: platform('replication'),
  hooks: platform('hooks'),
  wrappers: platform('wrappers'),
  'backups/scheduled': platform('backups'),
};

/** The database page at this path below /database. */
export default function DatabasePage({ path }: { path: string }) {
  const Page = DATABASE_PAGE_COMPONENTS[path];
  if (!Page) return null;
  return (
    <Suspense fallback={<LoadingSkeleton label="Loading the page" rows={6} />}>
      <Page />
    </Suspense>
  );
}
