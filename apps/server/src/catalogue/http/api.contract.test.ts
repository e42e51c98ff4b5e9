import {
  AlbumResponse,
  AlbumSearchResponse,
  ArtistAlbumsResponse,
  ArtistResponse,
  ArtistSearchResponse,
  ArtistSongsResponse,
  ErrorBody,
  GlobalSearchResponse,
  HomeRowsResponse,
  PlaylistResponse,
  PlaylistSearchResponse,
  SongSearchResponse,
  SongsResponse,
} from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { regenerateCuratedPlaylists } from '../curated-playlists.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

/** Every endpoint's response, validated against the shared contracts on both engines. */
describe.each(ENGINES)('catalogue API contracts (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    lib = await seedLibrary(t.testDb.db);
    await regenerateCuratedPlaylists(t.testDb.db);
  });
  afterAll(() => t.close());

  const check = async (path: string, schema: z.ZodType) => {
    const res = await t.app.request(path);
    const body: unknown = await res.json();
    expect(res.status, path).toBe(200);
    const parsed = schema.safeParse(body);
    expect(parsed.error?.issues ?? [], path).toEqual([]);
    return body as { data: unknown };
  };

  it('validates every success response', async () => {
    await check('/api/search?query=battle', GlobalSearchResponse);
    await check('/api/search/songs?query=battle', SongSearchResponse);
    await check('/api/search/albums?query=wesnoth', AlbumSearchResponse);
    await check('/api/search/artists?query=david', ArtistSearchResponse);
    await check('/api/search/playlists?query=night', PlaylistSearchResponse);
    await check(`/api/songs/${lib.battleEpic}`, SongsResponse);
    await check(`/api/songs?ids=${lib.battleEpic},${lib.lament}`, SongsResponse);
    await check(`/api/songs/${lib.battleEpic}/suggestions`, SongsResponse);
    const song = (await check(`/api/songs/${lib.elvish}`, SongsResponse)).data as z.infer<typeof SongsResponse>['data'];
    const albumId = song[0]!.album.id!;
    await check(`/api/albums?id=${albumId}`, AlbumResponse);
    await check(`/api/playlists?id=${lib.playlist}`, PlaylistResponse);
    const artistId = song[0]!.artists.primary[0]!.id;
    await check(`/api/artists/${artistId}`, ArtistResponse);
    await check(`/api/artists?id=${artistId}`, ArtistResponse);
    await check(`/api/artists/${artistId}/songs`, ArtistSongsResponse);
    await check(`/api/artists/${artistId}/albums`, ArtistAlbumsResponse);
    await check('/api/home/rows', HomeRowsResponse);
  });

  it('sends the same shapes for empty results', async () => {
    await check('/api/search?query=qqqqzzzz', GlobalSearchResponse);
    await check('/api/search/songs?query=qqqqzzzz', SongSearchResponse);
    await check('/api/search/albums?query=qqqqzzzz', AlbumSearchResponse);
    await check('/api/search/artists?query=qqqqzzzz', ArtistSearchResponse);
    await check('/api/search/playlists?query=qqqqzzzz', PlaylistSearchResponse);
    await check(`/api/playlists?id=${lib.playlist}&page=9`, PlaylistResponse);
  });

  it('validates every error body', async () => {
    for (const path of [
      '/api/songs/nope',
      '/api/songs',
      '/api/albums',
      '/api/albums?id=nope',
      '/api/playlists?id=nope',
      '/api/artists/nope',
      '/api/artists/nope/songs',
      '/api/search/songs',
      '/api/search/songs?query=a&page=x',
      '/api/nothing-here',
    ]) {
      const res = await t.app.request(path);
      expect([400, 404], path).toContain(res.status);
      expect(ErrorBody.safeParse(await res.json()).error?.issues ?? [], path).toEqual([]);
    }
  });
});
