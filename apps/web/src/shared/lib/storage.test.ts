import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { homeRowKey, LOCAL_KEYS, playlistKey, readCached, readJson, writeCached, type StorageLike } from './storage.js';

const HOUR = 3_600_000;

describe('versioned, expiring localStorage entries (SPEC#entities-local-storage-keys, SPEC#validation-cached-values-used)', () => {
  it('stores data, timestamp and expiresAt and reads them back before expiry', () => {
    const s = memoryStorage();
    writeCached(s, 'EnglishSongs', ['a'], { version: '4.0', ttlMs: 24 * HOUR, now: 1_000 });
    expect(JSON.parse(s.map.get('EnglishSongs')!)).toEqual({ data: ['a'], timestamp: 1_000, expiresAt: 1_000 + 24 * HOUR, version: '4.0' });
    expect(readCached(s, 'EnglishSongs', { version: '4.0', now: 1_000 + 24 * HOUR - 1 })?.data).toEqual(['a']);
  });

  it('is not used once expired, and the stale entry is removed', () => {
    const s = memoryStorage();
    writeCached(s, 'k', 1, { version: '1', ttlMs: 5 * HOUR, now: 0 });
    expect(readCached(s, 'k', { version: '1', now: 5 * HOUR })).toBeNull();
    expect(s.map.has('k')).toBe(false);
  });

  it('is not used when the version differs', () => {
    const s = memoryStorage();
    writeCached(s, 'videoPreviewCache', [1], { version: '3.0', ttlMs: HOUR, now: 0 });
    expect(readCached(s, 'videoPreviewCache', { version: '4.0', now: 1 })).toBeNull();
    expect(s.map.has('videoPreviewCache')).toBe(false);
  });

  it('ignores malformed entries and data the caller rejects', () => {
    const s = memoryStorage();
    s.map.set('a', '{not json');
    s.map.set('b', JSON.stringify({ data: 1, version: '1' }));
    s.map.set('c', JSON.stringify({ data: 'x', timestamp: 0, expiresAt: 10, version: '1' }));
    expect(readCached(s, 'a', { version: '1', now: 1 })).toBeNull();
    expect(readCached(s, 'b', { version: '1', now: 1 })).toBeNull();
    expect(readCached(s, 'c', { version: '1', now: 1, isData: (v): v is number => typeof v === 'number' })).toBeNull();
  });

  it('never throws when storage itself fails', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeCached(broken, 'k', 1, { version: '1', ttlMs: 1 })).not.toThrow();
    expect(readCached(broken, 'k', { version: '1' })).toBeNull();
    expect(readJson(undefined, 'k', 'fallback')).toBe('fallback');
  });
});

describe('SPEC#entities-local-storage-keys key names', () => {
  it('spells the keys exactly as SPEC lists them', () => {
    for (const name of [
      'audioQuality', 'User', 'userExpiry', 'favorites', 'expiryTime', 'PlaylistMetadata', 'PlaylistMetadataExpiryTime',
      'FavoriteSongsDetails', 'recentSongs', 'SpeedListSongs', 'speedListExpiry', 'suggestionIndex', 'songId',
      'searchHistory', 'failedAddFavorites', 'failedRemoveFavorites', 'songSuggestions', 'EnglishSongs', 'favoriteSongs',
    ] as const) {
      expect(LOCAL_KEYS[name]).toBe(name);
    }
    expect(playlistKey('p1')).toBe('playlist:p1');
    expect(homeRowKey('top-hits')).toBe('homeRow:top-hits');
  });
});
