import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { many } from './test/harness.js';
import { list, obj, useLibraryApi, type Obj } from './test/library-api.js';

/** Subsonic API, browsing: artist indexes, artists, albums, songs and folders, genres, missing and unknown ids. */

describe.each(ENGINES)('subsonic API (%s)', (engine) => {
  const { state, both, failure } = useLibraryApi(engine);
  let { h, api, harbour, harbourSongs, mira } = state;
  beforeAll(() => void ({ h, api, harbour, harbourSongs, mira } = state));

  describe('browsing', () => {
    it('getIndexes and getArtists index the artists who have albums', async () => {
      const { json, xml } = await both('getIndexes');
      const names = list(obj(json.indexes).index).flatMap((i) => list(i.artist).map((a) => a.name));
      expect(names).toContain('Mira Solen');
      expect(many(obj(xml.indexes).index as Obj[]).length).toBe(list(obj(json.indexes).index).length);
      // lastModified: when the last complete scan ended, in milliseconds.
      const [scan] = await h.t.testDb.db.query<{ at: Date | string }>('select last_scan_at as at from scan_state where id = 1');
      expect(obj(json.indexes).lastModified).toBe(new Date(scan!.at).getTime());
      const artists = await both('getArtists');
      const index = list(obj(artists.json.artists).index);
      const m = index.find((i) => i.name === 'M')!;
      expect(list(m.artist).find((a) => a.id === mira.id)).toMatchObject({ name: 'Mira Solen', albumCount: 1 });
      expect(index.map((i) => i.name)).toEqual([...index.map((i) => String(i.name))].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))));
    });

    it('getArtist lists the albums, getMusicDirectory too (as folders)', async () => {
      const { json, xml } = await both('getArtist', { id: String(mira.id) });
      const artist = obj(json.artist);
      expect(artist).toMatchObject({ id: mira.id, name: 'Mira Solen', albumCount: 1 });
      expect(list(artist.album).map((a) => a.name)).toEqual(['Harbour Lights']);
      expect(obj(obj(xml.artist).album).name).toBe('Harbour Lights');
      const dir = await both('getMusicDirectory', { id: String(mira.id) });
      expect(obj(dir.json.directory)).toMatchObject({ id: mira.id, name: 'Mira Solen' });
      expect(list(obj(dir.json.directory).child)).toEqual([expect.objectContaining({ id: harbour.id, isDir: true, title: 'Harbour Lights', parent: mira.id })]);
    });

    it('getAlbum gives the songs in disc and track order with their file facts', async () => {
      const { json, xml } = await both('getAlbum', { id: String(harbour.id) });
      const album = obj(json.album);
      expect(album).toMatchObject({ name: 'Harbour Lights', artist: 'Mira Solen', artistId: mira.id, songCount: 3, year: 2021 });
      const songs = list(album.song);
      expect(songs.map((s) => s.title)).toEqual(['Paper Lanterns', 'Harbour Lights', 'Paper Lanterns (Reprise)']);
      expect(songs.map((s) => s.discNumber)).toEqual([1, 1, 2]);
      expect(songs[0]).toMatchObject({
        parent: harbour.id,
        albumId: harbour.id,
        album: 'Harbour Lights',
        artistId: mira.id,
        isDir: false,
        type: 'music',
        track: 1,
        suffix: 'mp3',
        contentType: 'audio/mpeg',
        path: FIXTURE.paperLanterns,
        genre: 'Ambient',
        year: 2021,
      });
      const first = songs[0]!;
      expect(Number.isInteger(first.duration) && Number(first.duration) >= 7).toBe(true);
      expect(first.size).toBe((await readFile(join(h.t.config.MUSIC_DIR, FIXTURE.paperLanterns))).length);
      expect(typeof first.coverArt).toBe('string');
      expect(typeof first.bitRate).toBe('number');
      expect(Date.parse(String(first.created))).not.toBeNaN();
      expect(songs[2]).toMatchObject({ suffix: 'flac', contentType: 'audio/flac' });
      const xmlSongs = many(obj(xml.album).song as Obj[]);
      expect(xmlSongs.map((s) => s.id)).toEqual(songs.map((s) => s.id));
      expect(xmlSongs[0]).toMatchObject({ isDir: 'false', track: '1', title: 'Paper Lanterns' });
    });

    it('getSong and getMusicDirectory of an album give the same songs; starred shows the favourite', async () => {
      const id = String(harbourSongs[1]!.id);
      const song = await both('getSong', { id });
      expect(obj(song.json.song)).toEqual(harbourSongs[1]);
      expect(obj(song.json.song).starred).toBeUndefined();
      await h.t.testDb.db.query(
        `insert into doc_favorite ("$id", "$createdAt", "$updatedAt", "$permissions", "userId", "songId")
         values ('fav1', '2024-05-06T07:08:09Z', now(), '{}', $1, $2)`,
        [h.userId, id],
      );
      expect(obj((await api.json('getSong', { id })).song).starred).toBe('2024-05-06T07:08:09.000Z');
      const dir = await both('getMusicDirectory', { id: String(harbour.id) });
      expect(obj(dir.json.directory)).toMatchObject({ id: harbour.id, name: 'Harbour Lights', parent: mira.id });
      expect(list(obj(dir.json.directory).child).map((s) => s.id)).toEqual(harbourSongs.map((s) => s.id));
      const starred = await api.json('getAlbumList2', { type: 'starred' });
      expect(list(obj(starred.albumList2).album).map((a) => a.id)).toEqual([harbour.id]);
    });

    it('getGenres counts songs and albums per genre', async () => {
      const { json, xml } = await both('getGenres');
      const genres = list(obj(json.genres).genre);
      expect(genres.find((g) => g.value === 'Synthwave')).toEqual({ value: 'Synthwave', songCount: 2, albumCount: 1 });
      expect(many(obj(xml.genres).genre as Obj[]).find((g) => g.value === 'Synthwave')).toEqual({ value: 'Synthwave', songCount: '2', albumCount: '1' });
    });

    it('says which parameter is missing (10) and which id is unknown (70)', async () => {
      for (const method of ['getArtist', 'getAlbum', 'getSong', 'getMusicDirectory', 'stream', 'download', 'getCoverArt']) {
        await failure(method, {}, 10);
        await failure(method, { id: '9999999999' }, 70);
      }
      await failure('getSong', { id: '../../etc/passwd' }, 70);
      await failure('getAlbumList2', {}, 10);
      await failure('getAlbumList2', { type: 'byYear', fromYear: '2000' }, 10);
      await failure('getAlbumList2', { type: 'sideways' }, 0);
      await failure('getAlbumList2', { type: 'newest', size: 'ten' }, 0);
    });
  });
});
