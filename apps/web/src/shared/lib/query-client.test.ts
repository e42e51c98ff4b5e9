import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createCatalogueClient } from './catalogue-client.js';
import { albumQuery, artistQuery, homeRowsQuery, playlistQuery, songQuery, wholePlaylistQuery } from './catalogue-queries.js';
import { createQueryClient, readAgainIfUnderWay } from './query-client.js';

const MINUTE_MS = 60_000;
const catalogue = createCatalogueClient(['/api'], (async () => new Response('{}', { status: 503 })) as typeof fetch);

describe('data query settings (SPEC#limits-data-queries)', () => {
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

describe('a change heard while a read is under way', () => {
  /** A query whose reads answer when the test says, each with what the server held when it was asked. */
  function slowList() {
    const client = createQueryClient();
    let server = 'Morning';
    const answers: (() => void)[] = [];
    const queryKey = ['backend', 'playlists', 'u1'];
    const queryFn = () => {
      const held = server;
      return new Promise<string>((resolve) => answers.push(() => resolve(held)));
    };
    const observer = new QueryObserver(client, { queryKey, queryFn });
    const stop = observer.subscribe(() => {});
    return { client, queryKey, answers, rename: (name: string) => (server = name), stop };
  }

  it('drops the read that left before the change and reads again: the change stays', async () => {
    const { client, queryKey, answers, rename, stop } = slowList();
    expect(answers).toHaveLength(1);
    rename('Morning run');
    client.setQueryData(queryKey, 'Morning run');
    readAgainIfUnderWay(client, queryKey);
    await expect.poll(() => answers.length).toBe(2);
    answers[0]!();
    answers[1]!();
    await expect.poll(() => client.getQueryState(queryKey)?.fetchStatus).toBe('idle');
    expect(client.getQueryData(queryKey)).toBe('Morning run');
    stop();
  });

  it('also when nothing is shown yet: the first read, which left before the change, is dropped for a new one', async () => {
    const { client, queryKey, answers, rename, stop } = slowList();
    rename('Morning run');
    readAgainIfUnderWay(client, queryKey);
    await expect.poll(() => answers.length).toBe(2);
    answers[0]!();
    answers[1]!();
    await expect.poll(() => client.getQueryState(queryKey)?.fetchStatus).toBe('idle');
    expect(client.getQueryData(queryKey)).toBe('Morning run');
    expect(client.getQueryState(queryKey)?.status).toBe('success');
    stop();
  });

  it('without it, the old read lands over the change (what the helper is for)', async () => {
    const { client, queryKey, answers, rename, stop } = slowList();
    rename('Morning run');
    client.setQueryData(queryKey, 'Morning run');
    answers[0]!();
    await expect.poll(() => client.getQueryState(queryKey)?.fetchStatus).toBe('idle');
    expect(client.getQueryData(queryKey)).toBe('Morning');
    stop();
  });

  it('reads nothing again when no read is under way', async () => {
    const { client, queryKey, answers, stop } = slowList();
    answers[0]!();
    await expect.poll(() => client.getQueryState(queryKey)?.fetchStatus).toBe('idle');
    client.setQueryData(queryKey, 'Morning run');
    readAgainIfUnderWay(client, queryKey);
    expect(answers).toHaveLength(1);
    expect(client.getQueryData(queryKey)).toBe('Morning run');
    stop();
  });
});
