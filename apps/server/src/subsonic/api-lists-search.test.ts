import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_GOOD_AUDIO } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { many } from './test/harness.js';
import { list, obj, useLibraryApi, type Obj } from './test/library-api.js';

/** Subsonic API, lists and search: getAlbumList2's orders and filters, getRandomSongs, search3. */

describe.each(ENGINES)('subsonic API (%s)', (engine) => {
  const { state, both } = useLibraryApi(engine);
  let { api } = state;
  beforeAll(() => void ({ api } = state));

  describe('lists and search', () => {
    const albumNames = async (params: Record<string, string>) => {
      const { json, xml } = await both('getAlbumList2', params);
      const names = list(obj(json.albumList2).album).map((a) => String(a.name));
      expect(many(obj(xml.albumList2).album as Obj[]).map((a) => a.name).sort()).toEqual([...names].sort());
      return names;
    };

    it('getAlbumList2 sorts, filters and pages', async () => {
      const all = await albumNames({ type: 'alphabeticalByName', size: '500' });
      expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(all).toEqual(expect.arrayContaining(['Harbour Lights', 'Night Drive']));
      expect(await albumNames({ type: 'alphabeticalByName', size: '2', offset: '1' })).toEqual(all.slice(1, 3));
      for (const type of ['random', 'newest', 'frequent', 'recent', 'alphabeticalByArtist']) {
        expect((await albumNames({ type, size: '500' })).sort(), type).toEqual([...all].sort());
      }
      expect(await albumNames({ type: 'byYear', fromYear: '2019', toYear: '2019' })).toEqual(['Night Drive']);
      expect(await albumNames({ type: 'byYear', fromYear: '2022', toYear: '2018' })).toEqual(['Harbour Lights', 'Night Drive']);
      expect(await albumNames({ type: 'byGenre', genre: 'synthwave' })).toEqual(['Night Drive']);
      expect(await albumNames({ type: 'newest', size: '0' })).toEqual([]);
      // highest: the caller's rated albums only (none yet).
      expect(await albumNames({ type: 'highest', size: '500' })).toEqual([]);
    });

    it('getRandomSongs gives distinct songs, filtered by genre and year', async () => {
      const { json } = await both('getRandomSongs', { size: '5' });
      const songs = list(obj(json.randomSongs).song);
      expect(songs).toHaveLength(5);
      expect(new Set(songs.map((s) => s.id)).size).toBe(5);
      const synth = list(obj((await both('getRandomSongs', { size: '50', genre: 'Synthwave' })).json.randomSongs).song);
      expect(synth.map((s) => s.title).sort()).toEqual(['Echo', 'Echo']);
      const old = list(obj((await both('getRandomSongs', { size: '50', fromYear: '2020', toYear: '2030' })).json.randomSongs).song);
      expect(old.every((s) => Number(s.year) >= 2020)).toBe(true);
    });

    it('search3 finds artists, albums and songs by every word', async () => {
      const { json, xml } = await both('search3', { query: 'harbour' });
      const r = obj(json.searchResult3);
      expect(list(r.album).map((a) => a.name)).toEqual(['Harbour Lights']);
      expect(list(r.song).map((s) => s.title)).toContain('Harbour Lights');
      expect(many(obj(xml.searchResult3).album as Obj[]).map((a) => a.name)).toEqual(['Harbour Lights']);
      const artists = obj((await both('search3', { query: 'mira', albumCount: '0', songCount: '0' })).json.searchResult3);
      expect(list(artists.artist).map((a) => a.name)).toEqual(['Mira Solen']);
      expect(artists.album ?? []).toEqual([]);
    });

    it('search3 with an empty query pages through the whole library', async () => {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 5) {
        const page = obj((await both('search3', { query: '', songCount: '5', songOffset: String(offset), artistCount: '0', albumCount: '0' })).json.searchResult3);
        const songs = list(page.song ?? []);
        seen.push(...songs.map((s) => String(s.id)));
        if (songs.length < 5) break;
      }
      expect(seen).toHaveLength(FIXTURE_GOOD_AUDIO.length);
      expect(new Set(seen).size).toBe(seen.length);
      const quoted = obj((await api.json('search3', { query: '""', songCount: '500' })).searchResult3);
      expect(list(quoted.song).length).toBe(FIXTURE_GOOD_AUDIO.length);
      expect(list(quoted.album).length).toBeGreaterThanOrEqual(2);
      expect(list(quoted.artist).map((a) => a.name)).toContain('Mira Solen');
    });
  });
});
