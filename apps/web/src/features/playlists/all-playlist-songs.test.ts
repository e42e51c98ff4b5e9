// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBackend, FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { FETCH_SONGS_FAILED, loadAllPlaylistSongs } from './all-playlist-songs.js';
import { playlistSongsKey, playlistsKey } from './playlists-keys.js';

let fake: FakeBackend;
let qc: QueryClient;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  fake = createFakeBackend({ user: { $id: 'u1', name: 'Ada', email: 'a@x' } });
  qc = new QueryClient();
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const link = (playlistId: string, ...songIds: string[]) =>
  songIds.forEach((songId) => fake.docs.PlaylistSong.push({ $id: `l${fake.docs.PlaylistSong.length}`, playlistId, songId }));
const playlistIds = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
const kept = (playlistId: string): unknown => JSON.parse(localStorage.getItem(`playlist:${playlistId}`) ?? 'null');
const shown = (playlistId: string) => qc.getQueryData<string[]>(playlistSongsKey(playlistId));
const listed = (...ids: string[]) => qc.setQueryData(playlistsKey('u1'), ids.map(($id) => ({ $id, name: $id, userId: 'u1' })));
/** The playlist a PlaylistSong listing asks for. */
const playlistOf = (queries: string[]) => (JSON.parse(queries[0]!) as { values: string[] }).values[0]!;

describe("all the user's playlist songs (SPEC#states-playlist-songs, SPEC#data-calls-list-favourites-filtered, SPEC#limits-catalogue)", () => {
  it('are read 10 playlists at a time, in parallel, batch after batch, in order', async () => {
    const ids = playlistIds(23);
    const asked: string[] = [];
    const runningAtStart: number[] = [];
    let running = 0;
    const list = fake.list.bind(fake);
    fake.list = async (name, queries) => {
      asked.push(playlistOf(queries));
      runningAtStart.push(running++);
      try {
        return await list(name, queries);
      } finally {
        running--;
      }
    };
    await loadAllPlaylistSongs(qc, fake, 'u1', ids);
    expect(asked).toEqual(ids);
    // Each batch starts once the one before has finished, with all 10 at once.
    const batch = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(runningAtStart).toEqual([...batch(10), ...batch(10), ...batch(3)]);
  });

  it('are kept per playlist in `playlist:{id}` and its query data, without duplicates', async () => {
    link('p0', 'a', 'b', 'a');
    link('p1', 'c');
    link('p0', 'b', 'd');
    await loadAllPlaylistSongs(qc, fake, 'u1', ['p0', 'p1', 'p2']);
    expect(kept('p0')).toEqual(['a', 'b', 'd']);
    expect(shown('p0')).toEqual(['a', 'b', 'd']);
    expect(kept('p1')).toEqual(['c']);
    expect(kept('p2')).toEqual([]);
    expect(shown('p2')).toEqual([]);
  });

  it('leave each playlist due to be read from the server when it is opened', async () => {
    link('p0', 'a');
    await loadAllPlaylistSongs(qc, fake, 'u1', ['p0']);
    expect(qc.getQueryState(playlistSongsKey('p0'))?.dataUpdatedAt).toBe(0);
  });

  it("a failing batch is logged ('An error occurred fetching playlist songs') and skipped; the others keep their songs", async () => {
    const ids = playlistIds(23);
    for (const id of ids) link(id, `${id}-song`);
    localStorage.setItem('playlist:p12', JSON.stringify(['kept-before']));
    const list = fake.list.bind(fake);
    fake.list = async (name, queries) => {
      if (ids.slice(10, 20).includes(playlistOf(queries))) throw new FakeBackendError('Server Error', 500);
      return list(name, queries);
    };
    await expect(loadAllPlaylistSongs(qc, fake, 'u1', ids)).resolves.toBeUndefined();
    for (const id of [...ids.slice(0, 10), ...ids.slice(20)]) expect(kept(id)).toEqual([`${id}-song`]);
    expect(kept('p12')).toEqual(['kept-before']);
    expect(kept('p13')).toBeNull();
    expect(shown('p13')).toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(FETCH_SONGS_FAILED, ids.slice(10, 20).map((id) => `${id}: Server Error`));
  });

  it('a playlist whose songs changed while they were read keeps the newer list', async () => {
    link('p0', 'a');
    link('p1', 'b');
    listed('p0', 'p1');
    const release = fake.hold('list');
    const loading = loadAllPlaylistSongs(qc, fake, 'u1', ['p0', 'p1']);
    qc.setQueryData(playlistSongsKey('p0'), ['a', 'added-here']);
    release();
    await loading;
    expect(shown('p0')).toEqual(['a', 'added-here']);
    expect(kept('p0')).toBeNull();
    expect(kept('p1')).toEqual(['b']);
  });

  it('a playlist deleted while the songs were read is not kept', async () => {
    link('p0', 'a');
    link('p1', 'b');
    listed('p0', 'p1');
    const release = fake.hold('list');
    const loading = loadAllPlaylistSongs(qc, fake, 'u1', ['p0', 'p1']);
    listed('p1');
    release();
    await loading;
    expect(kept('p0')).toBeNull();
    expect(shown('p0')).toBeUndefined();
    expect(kept('p1')).toEqual(['b']);
  });

  it('after a sign-out while the songs were read, nothing is kept', async () => {
    link('p0', 'a');
    listed('p0');
    const release = fake.hold('list');
    const loading = loadAllPlaylistSongs(qc, fake, 'u1', ['p0']);
    qc.removeQueries({ queryKey: ['backend'] });
    release();
    await loading;
    expect(kept('p0')).toBeNull();
    expect(shown('p0')).toBeUndefined();
  });
});
