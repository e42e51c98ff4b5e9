import { describe, expect, it } from 'vitest';
import { playerSongId } from './app-routes.js';

describe('app routes', () => {
  it('reads a player address: the id decoded, a trailing slash allowed, anything else not a player address', () => {
    expect(playerSongId('/player/abc')).toBe('abc');
    expect(playerSongId('/player/abc/')).toBe('abc');
    expect(playerSongId('/player/a%20b')).toBe('a b');
    expect(playerSongId('/player/%E0%A4%A')).toBeNull();
    expect(playerSongId('/playerx/abc')).toBeNull();
    expect(playerSongId('/player/a/b')).toBeNull();
    expect(playerSongId('/player/')).toBeNull();
  });
});

describe('catalogueEntityOf', () => {
  it('reads an album or artist address, the id decoded; anything else is none', async () => {
    const { catalogueEntityOf } = await import('./app-routes.js');
    expect(catalogueEntityOf('/album/a%2Fb')).toEqual({ kind: 'album', id: 'a/b' });
    expect(catalogueEntityOf('/artist/%E6%9D%B1/')).toEqual({ kind: 'artist', id: '東' });
    for (const p of ['/album/', '/album/a/b', '/playlist/a', '/player/a', '/artist/%E0%A4%A']) expect(catalogueEntityOf(p), p).toBeNull();
  });
});

describe('isAppRoute', () => {
  it("names SPEC#screens-routes's routes; anything else is the 404 page", async () => {
    const { isAppRoute } = await import('./app-routes.js');
    for (const p of ['/', '/search', '/library', '/profile/', '/favorites', '/radio', '/callback', '/recovery', '/verify', '/player/a', '/album/a', '/playlist/a/', '/artist/a', '/share/a', '/room/a', '/library/albums', '/library/artists/', '/library/songs', '/library/genres', '/library/genres/hip%20hop']) {
      expect(isAppRoute(p), p).toBe(true);
    }
    for (const p of ['/nope', '/radio/a', '/album', '/album/a/b', '/player/', '//', '/searchx', '/library/playlists', '/library/genres/a/b', '/library/albums/x']) expect(isAppRoute(p), p).toBe(false);
  });
});
