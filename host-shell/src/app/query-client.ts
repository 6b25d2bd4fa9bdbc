import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, queryKeys } from '@plinth/shared-contracts';

/** One QueryClient for the shell and every area it mounts. */
export function createShellQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 means the session ended (signed out elsewhere, expired): check it again, and the
      // session guard sends the user to /sign-in.
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== queryKeys.session()[0]) {
          void client.invalidateQueries({ queryKey: queryKeys.session(), exact: true });
        }
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
