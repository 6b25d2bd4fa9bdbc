// The project's own things the command menu finds: tables (to the table editor), saved queries
// (to the SQL editor) and buckets (to the file explorer). Pure: the dialog loads them and hands the
// addresses' makers in, resolved from the target areas' manifests (null when that area is absent).
import type { Snippet, Table } from '@plinth/contracts-database';
import type { Bucket } from '@plinth/contracts-storage';
import type { Command } from './commands';

export interface ResourceLinks {
  table: ((tableId: number) => string | null) | null;
  savedQuery: ((id: string) => string | null) | null;
  bucket: ((bucketId: string) => string | null) | null;
}

export interface ProjectResources {
  tables?: readonly Table[];
  savedQueries?: readonly Snippet[];
  buckets?: readonly Bucket[];
}

/** Tables of the user's own schemas first, then those of the protected system schemas. */
function userTablesFirst(tables: readonly Table[]): Table[] {
  return [...tables].sort((a, b) => Number(a.locked ?? false) - Number(b.locked ?? false));
}

export function resourceCommands(resources: ProjectResources, links: ResourceLinks): Command[] {
  const out: Command[] = [];
  const add = (command: Omit<Command, 'href'>, href: string | null | undefined) => {
    if (href) out.push({ ...command, href });
  };
  for (const t of userTablesFirst(resources.tables ?? [])) {
    add({ id: `table:${t.id}`, label: t.name, detail: t.schema, group: 'Tables' }, links.table?.(t.id));
  }
  for (const s of resources.savedQueries ?? []) {
    if (s.type !== 'sql') continue;
    add({ id: `query:${s.id}`, label: s.name, detail: s.visibility === 'project' ? 'Project query' : 'Your query', group: 'Saved queries' }, links.savedQuery?.(s.id));
  }
  for (const b of resources.buckets ?? []) {
    add({ id: `bucket:${b.id}`, label: b.name, detail: b.public ? 'Public bucket' : 'Private bucket', group: 'Buckets' }, links.bucket?.(b.id));
  }
  return out;
}
