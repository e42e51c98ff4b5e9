import type { Song } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

describe.each(ENGINES)('catalogue songs and suggestions (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'https://music.example/' }, ['catalogue']);
    lib = await seedLibrary(t.testDb.db);
  });
  afterAll(() => t.close());

  const songs = async (path: string) => getJson<{ success: boolean; data: Song[]; message?: string }>(t.app, path);
  const ids = (r: { body: { data: Song[] } }) => r.body.data.map((s) => s.id);

  it('returns an array for one id and a batch for a comma list, in request order', async () => {
    expect(ids(await songs(`/api/songs/${lib.battleEpic}`))).toEqual([lib.battleEpic]);
    expect(ids(await songs(`/api/songs/${lib.lament},${lib.battleEpic}`))).toEqual([lib.lament, lib.battleEpic]);
    const order = [lib.reset, lib.knolls, 'unknown-id', lib.lament, lib.dawn];
    expect(ids(await songs(`/api/songs?ids=${order.join(',')}`))).toEqual([lib.reset, lib.knolls, lib.lament, lib.dawn]);
    expect(ids(await songs(`/api/songs?ids=${lib.dawn},%20${lib.reset}`))).toEqual([lib.dawn, lib.reset]);
  });

  it('accepts our own song url or any url ending in the id as link, link first', async () => {
    const [song] = (await songs(`/api/songs/${lib.elvish}`)).body.data;
    expect(song!.url).toBe(`https://music.example/song/elvish-theme/${lib.elvish}`);
    expect(ids(await songs(`/api/songs?link=${encodeURIComponent(song!.url)}`))).toEqual([lib.elvish]);
    const foreign = `https://www.jiosaavn.com/song/whatever/${lib.dawn}`;
    expect(ids(await songs(`/api/songs?link=${encodeURIComponent(foreign)}&ids=${lib.reset}`))).toEqual([lib.dawn]);
  });

  it('says which input is missing, and 404s when nothing is found', async () => {
    for (const path of ['/api/songs', '/api/songs?ids=', '/api/songs?ids=,,', '/api/songs?link=https://example.org/']) {
      const r = await songs(path);
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual({ success: false, message: 'Either song IDs or link is required' });
    }
    for (const path of ['/api/songs/nope', '/api/songs?ids=nope,also-nope', '/api/songs/,,']) {
      const r = await songs(path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual({ success: false, message: 'song not found' });
    }
    const bad = await songs('/api/songs?link=not%20a%20url');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { issues: [expect.objectContaining({ path: ['link'] })] } });
  });

  it('/download (a video request url) redirects to the best tier as an attachment; bad ids get the API errors', async () => {
    const r = await t.app.request(`/download?${new URLSearchParams({ name: 'Elvish Theme Wesnoth', id: lib.elvish })}`);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`https://music.example/media/${lib.elvish}/160.mp4?download=1`);
    for (const [path, status, message] of [
      ['/download', 400, 'Missing song id'],
      ['/download?id=%20', 400, 'Missing song id'],
      ['/download?id=nope&name=x', 404, 'song not found'],
      [`/download?id=${lib.elvish},${lib.dawn}`, 404, 'song not found'],
    ] as const) {
      const bad = await t.app.request(path);
      expect(bad.status, path).toBe(status);
      expect(await bad.json(), path).toEqual({ success: false, message });
    }
  });

  it('builds the Song object of §3.5 with the legacy extras', async () => {
    const [s] = (await songs(`/api/songs/${lib.elvish}`)).body.data;
    expect(s).toMatchObject({
      name: 'Elvish Theme',
      type: 'song',
      year: '2008',
      duration: 180,
      explicitContent: true,
      playCount: 12,
      language: 'english',
      hasLyrics: false,
      lyricsId: null,
      album: { name: 'The Battle for Wesnoth OST' },
      primaryArtists: 'David White',
    });
    expect(s!.artists.primary.map((a) => [a.name, a.role])).toEqual([['David White', 'primary_artists']]);
    expect(s!.artists.featured.map((a) => [a.name, a.role])).toEqual([['Doug Kaufman', 'featured_artists']]);
    expect(s!.artists.all.map((a) => [a.name, a.role])).toEqual([
      ['David White', 'singer'],
      ['Doug Kaufman', 'singer'],
      ['Jeremy Nicoll', 'music'],
    ]);
    expect(s!.primaryArtistsId).toBe(s!.artists.primary[0]!.id);
    expect(s!.image.map((i) => [i.quality, i.url])).toEqual([
      ['50x50', `https://music.example/images/${lib.coverId}/50.jpg`],
      ['150x150', `https://music.example/images/${lib.coverId}/150.jpg`],
      ['500x500', `https://music.example/images/${lib.coverId}/500.jpg`],
    ]);
    expect(s!.image.every((i) => i.link === i.url)).toBe(true);
    // 128 kbps Vorbis: the 320 entry is served at the ceiling tier, 160
    expect(s!.downloadUrl.map((d) => [d.quality, d.url.replace('https://music.example', '')])).toEqual([
      ['12kbps', `/media/${lib.elvish}/12.mp4`],
      ['48kbps', `/media/${lib.elvish}/48.mp4`],
      ['96kbps', `/media/${lib.elvish}/96.mp4`],
      ['160kbps', `/media/${lib.elvish}/160.mp4`],
      ['320kbps', `/media/${lib.elvish}/160.mp4`],
    ]);
    expect(s!.downloadUrl.every((d) => d.link === d.url)).toBe(true);
  });

  it('gives songs without album or cover null album members and the default logo', async () => {
    const [s] = (await songs(`/api/songs/${lib.lowBitrate}`)).body.data;
    expect(s!.album).toEqual({ id: null, name: null, url: null });
    expect(s!.image.map((i) => i.url)).toEqual([50, 150, 500].map((n) => `https://music.example/images/default/${n}.jpg`));
    expect(s!.downloadUrl.map((d) => d.url.split('/').pop())).toEqual(['12.mp4', '48.mp4', '96.mp4', '96.mp4', '96.mp4']);
  });

  describe('suggestions', () => {
    const suggest = async (id: string, q = '') => songs(`/api/songs/${id}/suggestions${q}`);

    it('never include the song, prefer its artist and album, and are stable', async () => {
      const first = await suggest(lib.battleEpic);
      expect(first.status).toBe(200);
      const got = ids(first);
      expect(got).not.toContain(lib.battleEpic);
      expect(new Set(got.slice(0, 3))).toEqual(new Set([lib.knolls, lib.loyalists, lib.elvish]));
      expect(got).toHaveLength(8); // every other song of the library
      expect(ids(await suggest(lib.battleEpic))).toEqual(got);
      expect(ids(await suggest(lib.battleEpic, '?limit=3'))).toEqual(got.slice(0, 3));
    });

    it('caps at limit, 0 meaning 10', async () => {
      for (let i = 0; i < 12; i++) await makeTrack(t.testDb.db, { title: `Filler ${i}`, artists: ['Nobody'], playCount: 100 + i });
      expect(ids(await suggest(lib.reset, '?limit=0'))).toHaveLength(10);
      expect(ids(await suggest(lib.reset, '?limit=4'))).toHaveLength(4);
      expect(ids(await suggest(lib.reset))).toHaveLength(10);
      const same = ids(await suggest(lib.reset, '?limit=100'));
      expect(same).not.toContain(lib.reset);
      expect(new Set(same.slice(0, 3))).toEqual(new Set([lib.dawn, lib.overclock, lib.lowBitrate]));
    });

    it('404s for an unknown song', async () => {
      const r = await suggest('nope');
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ success: false, message: 'no suggestions found for the given song' });
    });
  });
});
