import type { ComponentType } from 'react';
import { ExtensionsPage } from './ExtensionsPage';
import { FunctionsPage } from './FunctionsPage';
import { IndexesPage } from './IndexesPage';
import { MigrationsPage } from './MigrationsPage';
import { PlatformPage } from './PlatformPage';
import { RolesPage } from './RolesPage';
import { SchemasPage } from './SchemasPage';
import { TablesPage } from './TablesPage';
import { TriggersPage } from './TriggersPage';

/** Each database page by its path below /database. */
export const DATABASE_PAGE_COMPONENTS: Record<string, ComponentType> = {
  tables: TablesPage,
  schemas: SchemasPage,
  functions: FunctionsPage,
  triggers: TriggersPage,
  extensions: ExtensionsPage,
  indexes: IndexesPage,
  roles: RolesPage,
  migrations: MigrationsPage,
  replication: () => <PlatformPage feature="replication" />,
  hooks: () => <PlatformPage feature="hooks" />,
  wrappers: () => <PlatformPage feature="wrappers" />,
  'backups/scheduled': () => <PlatformPage feature="backups" />,
};

/** The database page at this path below /database. */
export default function DatabasePage({ path }: { path: string }) {
  const Page = DATABASE_PAGE_COMPONENTS[path];
  return Page ? <Page /> : null;
}
