import type { HomeRows, SearchPlaylist } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { HOME_ROW_TTL_MS, loadCachedHomeRows, rowCachePolicy, storedQuickPickIds, storeHomeRows } from './home-rows-cache.js';

const HOUR = 3_600_000;
const playlist = (id: string): SearchPlaylist => ({ id, name: id, type: 'playlist', image: [], url: `u/${id}`, songCount: 3, language: 'english', explicitContent: false });

function rows(tag = 'a'): HomeRows {
  return {
    featuredSongId: 'feat',
    rows: [
      { id: 'top-hits', title: `Top Hits ${tag}`, kind: 'songs', layout: 'row', limit: 5, query: null, songs: makeSongs(5) },
      { id: 'english-hots', title: `English hots ${tag}`, kind: 'songs', layout: 'row', limit: 10, query: null, songs: makeSongs(3) },
      { id: 'quick-picks', title: 'Quick Picks', kind: 'songs', layout: 'carousel', limit: 15, query: null, songs: [makeSong('q1'), makeSong('q2')] },
      { id: 'curated-playlists', title: `Made for You ${tag}`, kind: 'playlists', layout: 'row', limit: 14, query: null, playlists: [playlist('p1')] },
    ],
  };
}

describe('curated row caches (SPEC#entities-local-storage-keys, SPEC#limits-curated-rows)', () => {
  it('keeps English songs under EnglishSongs for 24 h, playlist rows 24 h, quick picks 5 h, other rows per row', () => {
    expect(rowCachePolicy({ id: 'english-hots', kind: 'songs', layout: 'row' })).toEqual({ key: 'EnglishSongs', ttlMs: 24 * HOUR });
    expect(rowCachePolicy({ id: 'curated-playlists', kind: 'playlists', layout: 'row' })).toEqual({ key: 'homeRow:curated-playlists', ttlMs: 24 * HOUR });
    expect(rowCachePolicy({ id: 'quick-picks', kind: 'songs', layout: 'carousel' })).toEqual({ key: 'homeRow:quick-picks', ttlMs: 5 * HOUR });
    expect(rowCachePolicy({ id: 'top-hits', kind: 'songs', layout: 'row' })).toEqual({ key: 'homeRow:top-hits', ttlMs: HOME_ROW_TTL_MS.other });
  });

  it('reads back what it stored, in order, with the featured song id', () => {
    const s = memoryStorage();
    const fresh = rows();
    expect(storeHomeRows(s, fresh, 0)).toEqual(fresh);
    expect(loadCachedHomeRows(s, 1)).toEqual(fresh);
    const english = JSON.parse(s.map.get('EnglishSongs')!);
    expect(english).toMatchObject({ timestamp: 0, expiresAt: 24 * HOUR, data: { id: 'english-hots' } });
  });

  it('needs a fresh answer once the list expires, but keeps each row until its own expiry', () => {
    const s = memoryStorage();
    storeHomeRows(s, rows('a'), 0);
    expect(loadCachedHomeRows(s, HOME_ROW_TTL_MS.other)).toBeNull();
    const merged = storeHomeRows(s, rows('b'), HOME_ROW_TTL_MS.other);
    // Top Hits had expired: the fresh one. English and playlists keep the cached ones (24 h).
    expect(merged.rows.map((r) => r.title)).toEqual(['Top Hits b', 'English hots a', 'Quick Picks', 'Made for You a']);
    const later = storeHomeRows(s, rows('c'), 24 * HOUR);
    expect(later.rows.map((r) => r.title)).toEqual(['Top Hits c', 'English hots c', 'Quick Picks', 'Made for You c']);
  });

  it('is not used when a row is missing or of another version', () => {
    const s = memoryStorage();
    storeHomeRows(s, rows(), 0);
    s.map.delete('homeRow:top-hits');
    expect(loadCachedHomeRows(s, 1)).toBeNull();
    storeHomeRows(s, rows(), 0);
    const entry = JSON.parse(s.map.get('homeRows')!);
    s.map.set('homeRows', JSON.stringify({ ...entry, version: 'old' }));
    expect(loadCachedHomeRows(s, 1)).toBeNull();
  });

  it("gives Quick Picks the stored carousel row's song ids", () => {
    const s = memoryStorage();
    expect(storedQuickPickIds(s, 0)).toEqual([]);
    storeHomeRows(s, rows(), 0);
    expect(storedQuickPickIds(s, 1)).toEqual(['q1', 'q2']);
    expect(storedQuickPickIds(s, 5 * HOUR)).toEqual([]);
  });
});
