import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@plinth/shared-contracts';

/** One QueryClient for the shell and every area it mounts. */
export function createShellQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
