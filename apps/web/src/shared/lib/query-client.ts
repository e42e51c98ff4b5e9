import { QueryClient } from '@tanstack/react-query';

const MINUTE_MS = 60_000;

/** SPEC §9 data queries: fresh 10 min, kept 10 min, no refetch on focus or mount, 1 retry. */
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

/** SPEC §9: album, playlist and artist data are fresh for 5 minutes. */
export const COLLECTION_STALE_MS = 5 * MINUTE_MS;
