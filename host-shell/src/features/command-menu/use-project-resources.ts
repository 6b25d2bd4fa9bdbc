import { useQuery } from '@tanstack/react-query';
import type { Http } from '@plinth/shared-contracts';
import { createDatabaseClient, createSnippetsClient, SNIPPETS_STALE_TIME_MS } from '@plinth/contracts-database';
import { createStorageClient } from '@plinth/contracts-storage';
import { useShellApi } from '../../app/api';
import { shellKeys } from '../../query-keys';

// The command menu's reads of the open project, through the contracts' clients and under the
// contracts' query keys: the table editor, the SQL editor and the storage area read the same
// lists under the same keys, so what one loaded the other finds, and their changes refresh both.
// This module is part of the menu's own chunk: the shell's first load carries none of it.

/** The menu opens often: a list read in the last minute is shown again without asking. */
const LIST_STALE_MS = 60_000;

const clients = new WeakMap<Http, ReturnType<typeof makeClients>>();
function makeClients(http: Http) {
  return { database: createDatabaseClient(http), snippets: createSnippetsClient(http), storage: createStorageClient(http) };
}
function clientsFor(http: Http) {
  let made = clients.get(http);
  if (!made) {
    made = makeClients(http);
    clients.set(http, made);
  }
  return made;
}

/**
 * The project's tables, saved queries and buckets, asked for while the menu is open on a project
 * whose database runs (`projectRef` empty: nothing is asked). Each list answers on its own; one
 * that fails leaves the others, and the pages, alone.
 */
export function useProjectResources(projectRef: string) {
  const api = clientsFor(useShellApi().http);
  const enabled = projectRef !== '';
  const tables = useQuery({
    queryKey: shellKeys.tables(projectRef),
    queryFn: () => api.database.listTables(projectRef),
    staleTime: LIST_STALE_MS,
    enabled,
  });
  const savedQueries = useQuery({
    queryKey: shellKeys.snippets(projectRef),
    queryFn: () => api.snippets.listSnippets(projectRef),
    staleTime: SNIPPETS_STALE_TIME_MS,
    enabled,
  });
  const buckets = useQuery({
    queryKey: shellKeys.buckets(projectRef),
    // Sorted as the storage area keeps this list.
    queryFn: async () => (await api.storage.listBuckets(projectRef)).sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: LIST_STALE_MS,
    enabled,
  });
  return { tables, savedQueries, buckets };
}
