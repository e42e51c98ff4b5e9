import {
  AlbumResponse,
  ArtistResponse,
  HomeRowsResponse,
  PlaylistResponse,
  SongSearchResponse,
  SongsResponse,
  type Album,
  type Song,
  type SongSearchResults,
} from '@lyra/contracts/catalogue';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { buildFixtureLibrary } from '../test/fixtures.js';

type Ok<T> = { success: true; data: T };

/** The API over a library the real scanner read (demo Ogg files and files derived from them). */
describe.each(ENGINES)('catalogue API over a scanned library (%s)', (engine) => {
  let t: TestApp;
  let musicDir: string;
  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-api-music-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    const scan = await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
    expect(scan.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  const search = async (q: string) => {
    const r = await getJson<Ok<SongSearchResults>>(t.app, `/api/search/songs?query=${encodeURIComponent(q)}`);
    expect(SongSearchResponse.safeParse(r.body).success).toBe(true);
    return r.body.data.results.map((s) => s.name);
  };

  it('finds scanned songs by misspelt and partial titles and by artist', async () => {
    expect((await search('paper lantrens'))[0]).toBe('Paper Lanterns');
    expect(await search('lantern')).toEqual(expect.arrayContaining(['Paper Lanterns', 'Paper Lanterns (Reprise)']));
    expect((await search('mira solen')).length).toBeGreaterThanOrEqual(3);
    const [wesnoth] = await t.testDb.db.query<{ title: string }>(
      "select title from tracks where path = 'wesnoth/revelation.ogg'",
    );
    expect(await search(wesnoth!.title.slice(0, 5))).toContain(wesnoth!.title);
  });

  it('serves albums in disc order, playlists, artists and suggestions in contract shape', async () => {
    const found = (await getJson<Ok<SongSearchResults>>(t.app, '/api/search/songs?query=paper%20lanterns')).body.data.results[0]!;
    const album = await getJson<Ok<Album>>(t.app, `/api/albums?id=${found.album.id}`);
    expect(AlbumResponse.safeParse(album.body).success).toBe(true);
    expect(album.body.data.songs?.map((s) => s.name)).toEqual(['Paper Lanterns', 'Harbour Lights', 'Paper Lanterns (Reprise)']);
    const artist = await getJson(t.app, `/api/artists/${found.artists.primary[0]!.id}`);
    expect(ArtistResponse.safeParse(artist.body).success).toBe(true);
    const next = await getJson<Ok<Song[]>>(t.app, `/api/songs/${found.id}/suggestions?limit=5`);
    expect(SongsResponse.safeParse(next.body).success).toBe(true);
    expect(next.body.data.map((s) => s.id)).not.toContain(found.id);
    expect(next.body.data.slice(0, 2).map((s) => s.album.name)).toEqual(['Harbour Lights', 'Harbour Lights']);
    const playlists = (await getJson(t.app, '/api/search/playlists?query=road%20trip')).body.data.results;
    expect(playlists[0]?.name).toBe('Road Trip');
    const playlist = await getJson(t.app, `/api/playlists?id=${playlists[0].id}`);
    expect(PlaylistResponse.safeParse(playlist.body).success).toBe(true);
  });

  it('rebuilt curated playlists after the scan, so Home has playlist rows', async () => {
    const curated = await t.testDb.db.query<{ n: number }>("select count(*)::int as n from playlists where source = 'curated'");
    expect(curated[0]!.n).toBeGreaterThan(0);
    const home = await getJson(t.app, '/api/home/rows');
    expect(HomeRowsResponse.safeParse(home.body).success).toBe(true);
    expect(home.body.data.rows.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['top-hits', 'curated-playlists', 'library-playlists']));
  });
});
