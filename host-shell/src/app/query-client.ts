import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isProjectStatusKey, queryKeys, saysProjectNotRunning } from '@plinth/shared-contracts';

/**
 * One QueryClient for the shell and every area it mounts. Any call of the shell or of an area that
 * answers "the project is not running" makes the open project's status be asked again: the status
 * gate then shows the paused (or offline) screen instead of the area's own error.
 */
export function createShellQueryClient(): QueryClient {
  const recheckStatus = (error: unknown) => {
    if (saysProjectNotRunning(error)) void client.invalidateQueries({ predicate: (query) => isProjectStatusKey(query.queryKey) });
  };
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: recheckStatus }),
    queryCache: new QueryCache({
      // A 401 means the session ended (signed out elsewhere, expired): check it again, and the
      // session guard sends the user to /sign-in.
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== queryKeys.session()[0]) {
          void client.invalidateQueries({ queryKey: queryKeys.session(), exact: true });
        }
        if (!isProjectStatusKey(query.queryKey)) recheckStatus(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  return client;
}
