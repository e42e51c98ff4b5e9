// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBackend, FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { addFavorite, fetchFavoriteIds, removeFavorite, retryFailedFavorites } from './favorites-api.js';
import { failedChanges, markFailed, readFailed, readFavoritesCache, withChanges, writeFavoritesCache } from './favorites-cache.js';
import { favoritesKey, refreshFavorites, showFavorite } from './favorites-query.js';

let fake: FakeBackend;
beforeEach(() => {
  localStorage.clear();
  fake = createFakeBackend({ user: { $id: 'u1', name: 'Ada', email: 'a@x' } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const like = (userId: string, songId: string) => fake.docs.Favorite.push({ $id: `f-${userId}-${songId}-${fake.docs.Favorite.length}`, userId, songId });

describe('favourite documents (SPEC#entities-favorite, SPEC#data-calls-list-favourites-filtered)', () => {
  it('lists only the user’s favourites, limit 150, de-duplicated in order', async () => {
    like('u1', 'a');
    like('u2', 'x');
    like('u1', 'b');
    like('u1', 'a');
    expect(await fetchFavoriteIds(fake, 'u1')).toEqual(['a', 'b']);
    const queries = (fake.calls[0]!.args[1] as string[]).map((s) => JSON.parse(s) as unknown);
    expect(queries).toEqual([
      { method: 'equal', attribute: 'userId', values: ['u1'] },
      { method: 'limit', values: [150] },
    ]);
  });

  it("creates {userId, songId}; the server's 409 'Song is already liked' means already", async () => {
    expect(await addFavorite(fake, 'u1', 's1')).toBe('added');
    expect(fake.docs.Favorite).toEqual([expect.objectContaining({ userId: 'u1', songId: 's1' })]);
    expect(await addFavorite(fake, 'u1', 's1')).toBe('already');
  });

  it('no answer or a server fault is `failed`; any other refusal throws', async () => {
    fake.failNext('create', new TypeError('Failed to fetch'));
    expect(await addFavorite(fake, 'u1', 's1')).toBe('failed');
    fake.failNext('create', new FakeBackendError('Server Error', 500));
    expect(await addFavorite(fake, 'u1', 's1')).toBe('failed');
    fake.failNext('create', new FakeBackendError('The "userId" of a new document must be the id of the signed-in user.', 401));
    await expect(addFavorite(fake, 'u1', 's1')).rejects.toThrow('signed-in user');
  });

  it('removes by user and song id; nothing to remove answers none', async () => {
    like('u1', 's1');
    like('u2', 's1');
    expect(await removeFavorite(fake, 'u1', 's1')).toBe('removed');
    expect(fake.docs.Favorite.map((d) => d.userId)).toEqual(['u2']);
    expect(await removeFavorite(fake, 'u1', 's1')).toBe('none');
  });
});

describe('failed favourite changes (SPEC#states-favourite-toggle-player)', () => {
  it('are sent again in batches of 5 and the lists cleared', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `s${i}`);
    for (const id of ids) markFailed('add', id);
    like('u1', 'gone');
    markFailed('remove', 'gone');
    markFailed('add', 's0'); // already queued: listed once
    like('u1', 's3'); // already on the server: 409 counts as done
    let inFlight = 0;
    let maxInFlight = 0;
    const create = fake.create.bind(fake);
    fake.create = async (...args) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await create(...args);
      } finally {
        inFlight--;
      }
    };
    expect(await retryFailedFavorites(fake, 'u1')).toEqual({ retried: 13, kept: 0 });
    expect(maxInFlight).toBe(5);
    expect(new Set(fake.docs.Favorite.map((d) => d.songId))).toEqual(new Set(ids));
    expect(readFailed('add')).toEqual([]);
    expect(readFailed('remove')).toEqual([]);
  });

  it('a batch that errors is logged and skipped: its failing ids stay for next time', async () => {
    for (const id of ['a', 'b', 'c']) markFailed('add', id);
    fake.failNext('create', new TypeError('Failed to fetch'));
    const result = await retryFailedFavorites(fake, 'u1');
    expect(result).toEqual({ retried: 2, kept: 1 });
    expect(readFailed('add')).toHaveLength(1);
    expect(console.error).toHaveBeenCalled();
  });

  it('until sent, they lie over a list read from the server: a waiting addition shows, a waiting removal stays out', async () => {
    like('u1', 's1');
    like('u1', 's2');
    markFailed('add', 's3');
    markFailed('remove', 's2');
    const queryClient = createQueryClient();
    expect(await refreshFavorites(queryClient, fake, 'u1')).toEqual(['s1', 's3']);
    expect(queryClient.getQueryData(favoritesKey('u1'))).toEqual(['s1', 's3']);
    expect(readFavoritesCache(Date.now()).ids).toEqual(['s1', 's3']);
  });

  it('a change heard while the list is being read reads it again: the answer that left before it does not put the old list back', async () => {
    like('u1', 's1');
    const queryClient = createQueryClient();
    queryClient.setQueryData(favoritesKey('u1'), ['s1']);
    // The server answers at once; the answer reaches the page when the test lets it.
    const arrivals: (() => void)[] = [];
    const slow: typeof fake = {
      ...fake,
      list: async (name, queries) => {
        const answer = await fake.list(name, queries);
        await new Promise<void>((r) => arrivals.push(r));
        return answer;
      },
    };
    const refreshed = refreshFavorites(queryClient, slow, 'u1');
    await vi.waitFor(() => expect(arrivals).toHaveLength(1));
    // Another device adds s2 after the server answered; its realtime event arrives first.
    like('u1', 's2');
    showFavorite(queryClient, 'u1', 's2', true);
    expect(queryClient.getQueryData(favoritesKey('u1'))).toEqual(['s1', 's2']);
    arrivals[0]!();
    await vi.waitFor(() => expect(arrivals).toHaveLength(2));
    arrivals[1]!();
    expect(await refreshed).toEqual(['s1', 's2']);
    expect(queryClient.getQueryData(favoritesKey('u1'))).toEqual(['s1', 's2']);
    expect(readFavoritesCache(Date.now()).ids).toEqual(['s1', 's2']);

    // With no change heard meanwhile, one read is enough.
    const again = refreshFavorites(queryClient, slow, 'u1');
    await vi.waitFor(() => expect(arrivals).toHaveLength(3));
    arrivals[2]!();
    expect(await again).toEqual(['s1', 's2']);
    expect(arrivals).toHaveLength(3);
  });

  it('the newest intent wins: a failed add cancels a pending remove of the same song', () => {
    markFailed('remove', 's1');
    markFailed('add', 's1');
    expect(readFailed('remove')).toEqual([]);
    expect(readFailed('add')).toEqual(['s1']);
  });
});

describe('favourites cache (SPEC#states-favourites, SPEC#limits-favourites)', () => {
  it('is fresh for 5 hours, and never when empty', () => {
    const now = 1_000_000;
    writeFavoritesCache(['a', 'b', 'a'], now);
    expect(readFavoritesCache(now + 5 * 3600_000 - 1)).toEqual({ ids: ['a', 'b'], fresh: true });
    expect(readFavoritesCache(now + 5 * 3600_000).fresh).toBe(false);
    writeFavoritesCache([], now);
    expect(readFavoritesCache(now).fresh).toBe(false);
  });

  it('changes not yet on the server lie over it: the latest per song wins, and an added song goes last', () => {
    expect(withChanges(['a', 'b', 'c'], [['b', false], ['d', true], ['b', true], ['a', false]])).toEqual(['b', 'c', 'd']);
    markFailed('add', 'x');
    markFailed('remove', 'a');
    expect(withChanges(['a', 'b'], failedChanges())).toEqual(['b', 'x']);
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem('favorites', '{"not":"a list"}');
    expect(readFavoritesCache(0)).toEqual({ ids: [], fresh: false });
    localStorage.setItem('favorites', 'not json');
    expect(readFavoritesCache(0).ids).toEqual([]);
  });
});
