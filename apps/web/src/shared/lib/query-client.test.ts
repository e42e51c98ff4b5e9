import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createCatalogueClient } from './catalogue-client.js';
import { albumQuery, artistQuery, homeRowsQuery, playlistQuery, songQuery, wholePlaylistQuery } from './catalogue-queries.js';
import { createQueryClient } from './query-client.js';

const MINUTE_MS = 60_000;
const catalogue = createCatalogueClient(['/api'], (async () => new Response('{}', { status: 503 })) as typeof fetch);

describe('data query settings (SPEC §9)', () => {
  it('app default: fresh 10 minutes, cache life 10 minutes, no refetch on focus or mount, 1 retry', () => {
    expect(createQueryClient().getDefaultOptions().queries).toEqual({
      staleTime: 10 * MINUTE_MS,
      gcTime: 10 * MINUTE_MS,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      retry: 1,
    });
  });

  it('album, playlist and artist data are fresh for 5 minutes', () => {
    for (const options of [
      albumQuery(catalogue, 'al1'),
      playlistQuery(catalogue, 'p1'),
      wholePlaylistQuery(catalogue, 'p1'),
      artistQuery(catalogue, 'ar1'),
    ]) {
      expect(options.staleTime, String(options.queryKey[2])).toBe(5 * MINUTE_MS);
    }
  });

  it('as useQuery resolves them: collections fresh 5 minutes with the defaults otherwise; other reads take the defaults', () => {
    const client = createQueryClient();
    const settings = ({ options: o }: { options: Partial<Record<'staleTime' | 'gcTime' | 'refetchOnWindowFocus' | 'refetchOnMount' | 'retry', unknown>> }) => ({
      staleTime: o.staleTime,
      gcTime: o.gcTime,
      refetchOnWindowFocus: o.refetchOnWindowFocus,
      refetchOnMount: o.refetchOnMount,
      retry: o.retry,
    });
    const defaults = { gcTime: 10 * MINUTE_MS, refetchOnWindowFocus: false, refetchOnMount: false, retry: 1 };
    const collections = [
      new QueryObserver(client, albumQuery(catalogue, 'al1')),
      new QueryObserver(client, playlistQuery(catalogue, 'p1')),
      new QueryObserver(client, wholePlaylistQuery(catalogue, 'p1')),
      new QueryObserver(client, artistQuery(catalogue, 'ar1')),
    ];
    for (const observer of collections) expect(settings(observer)).toEqual({ staleTime: 5 * MINUTE_MS, ...defaults });
    const others = [new QueryObserver(client, songQuery(catalogue, 's1')), new QueryObserver(client, homeRowsQuery(catalogue))];
    for (const observer of others) expect(settings(observer)).toEqual({ staleTime: 10 * MINUTE_MS, ...defaults });
  });
});
