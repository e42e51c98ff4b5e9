import { queryOptions } from '@tanstack/react-query';
import type { RadioStation } from '@lyra/contracts/radio';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { catalogueKey } from '../../shared/lib/catalogue-queries.js';

/** The server's radio stations (GET /api/radio), by name; the key starts with the host list's id. */
export const radioStationsQuery = (c: CatalogueClient) =>
  queryOptions({
    queryKey: catalogueKey(c, 'radio'),
    queryFn: ({ signal }) => c.get<RadioStation[]>('/radio', { signal }),
    staleTime: 60_000,
  });
