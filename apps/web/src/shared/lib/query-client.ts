import { QueryClient, type QueryKey } from '@tanstack/react-query';

const MINUTE_MS = 60_000;

/** SPEC#limits-data-queries: fresh 10 min, kept 10 min, no refetch on focus or mount, 1 retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10 * MINUTE_MS,
        gcTime: 10 * MINUTE_MS,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        retry: 1,
      },
    },
  });
}

/** Every read from the backend (/v1) starts its key with this: what a signed-out device forgets. */
export const BACKEND_KEY = ['backend'] as const;

/** SPEC#limits-data-queries: album, playlist and artist data are fresh for 5 minutes. */
export const COLLECTION_STALE_MS = 5 * MINUTE_MS;

/**
 * After a change shown in a query's data (another device's, heard over
 * realtime): a read of it under way may have left the server before the
 * change and would put the old list back when it lands, so it is dropped and
 * read again. Nothing happens while no read is under way.
 */
export function readAgainIfUnderWay(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey, exact: true }) === 0) return;
  if (queryClient.getQueryData(queryKey) !== undefined) {
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' }, { cancelRefetch: true });
    return;
  }
  // Nothing shown yet: a refetch would join the read under way (TanStack cancels only a query that has data).
  void queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => queryClient.refetchQueries({ queryKey, exact: true, type: 'all' }))
    .catch(() => {});
}
