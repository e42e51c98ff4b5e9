import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { expectSchema } from './test/openapi.js';
import { client, EMAIL, rescan, startHarness, type Client, type Harness } from './test/harness.js';

const run = promisify(execFile);

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (v ?? []) as Obj[];

/** The scanned fixture library's albums, by name (SPEC's exact names). */
const ENDGAME = 'Endgame: Singularity Original Soundtrack';
const FORMATS = 'Formats';
const HARBOUR = 'Harbour Lights';
const LOOSE = 'Loose';
const NIGHT = 'Night Drive';
const WESNOTH = 'The Battle for Wesnoth OST';
const BY_NAME = [ENDGAME, FORMATS, HARBOUR, LOOSE, NIGHT, WESNOTH];

describe.each(ENGINES)('getAlbumList2 orders on a scanned library (%s)', (engine) => {
  let h: Harness;
  let api: Client;
  /** The app's clock: each play is recorded a minute after the one before. */
  let clock = Date.parse('2025-03-01T10:00:00.000Z');
  const albumIds = new Map<string, string>();
  const songIds = new Map<string, string[]>();
  /** The albums by first scan, newest first, then by name (one scan may write them at one time). */
  let byFirstScan: string[];

  beforeAll(async () => {
    h = await startHarness(engine, { now: () => clock });
    api = client(h.t, { u: EMAIL, p: h.creds.password });
    for (const album of list(((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2 as Obj).album)) {
      albumIds.set(String(album.name), String(album.id));
      const songs = list(((await api.json('getAlbum', { id: String(album.id) })).album as Obj).song);
      songIds.set(String(album.name), songs.map((s) => String(s.id)));
    }
    const all = list(((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2 as Obj).album);
    byFirstScan = [...all].sort((a, b) => Date.parse(String(b.created)) - Date.parse(String(a.created))).map((a) => String(a.name));
  });
  afterAll(async () => {
    await h?.close();
  });

  /** One list, checked against the reference schema; the albums' names in order. */
  const albums = async (params: Record<string, string>): Promise<Obj[]> => {
    const json = await api.json('getAlbumList2', { size: '500', ...params });
    expect(json.error, JSON.stringify(params)).toBeUndefined();
    expectSchema('getAlbumList2', { 'subsonic-response': json });
    return list((json.albumList2 as Obj).album);
  };
  const names = async (params: Record<string, string>) => (await albums(params)).map((a) => String(a.name));
  const ok = async (method: string, params: Record<string, string>) => {
    const json = await api.json(method, params);
    expect(json.error, method).toBeUndefined();
  };
  /** Plays recorded a minute after the previous ones. */
  const play = async (...songs: string[]) => {
    clock += 60_000;
    for (const id of songs) await ok('scrobble', { id });
  };
  const unplayed = (...played: string[]) => byFirstScan.filter((n) => !played.includes(n));
  const album = (name: string) => albumIds.get(name)!;
  const songs = (name: string) => songIds.get(name)!;

  it('alphabeticalByName orders by name; alphabeticalByArtist by album artist, then year, albums without one last', async () => {
    expect(await names({ type: 'alphabeticalByName' })).toEqual(BY_NAME);
    // Maxstack, Mira Solen, Teo Vance, Various Artists, Wesnoth Project; Loose has no album artist.
    expect(await names({ type: 'alphabeticalByArtist' })).toEqual([ENDGAME, HARBOUR, FORMATS, NIGHT, WESNOTH, LOOSE]);
    expect(await names({ type: 'alphabeticalByArtist', size: '2', offset: '4' })).toEqual([WESNOTH, LOOSE]);
    expect(await names({ type: 'alphabeticalByName', size: '2', offset: '2' })).toEqual([HARBOUR, LOOSE]);
  });

  it('byYear keeps the years asked, in the order asked; byGenre matches the album or any of its songs, in any case', async () => {
    expect(await names({ type: 'byYear', fromYear: '2000', toYear: '2020' })).toEqual([WESNOTH, ENDGAME, NIGHT]);
    expect(await names({ type: 'byYear', fromYear: '2030', toYear: '2000' })).toEqual([HARBOUR, NIGHT, ENDGAME, WESNOTH]);
    expect(await names({ type: 'byYear', fromYear: '2021', toYear: '2021' })).toEqual([HARBOUR]);
    expect(await names({ type: 'byGenre', genre: 'romantic classical' })).toEqual([HARBOUR, WESNOTH]);
    // Only one song of Harbour Lights says Ambient.
    expect(await names({ type: 'byGenre', genre: 'AMBIENT' })).toEqual([HARBOUR]);
    expect(await names({ type: 'byGenre', genre: 'Polka' })).toEqual([]);
  });

  it('frequent and recent follow the plays recorded (scrobble), and albums carry their play count', async () => {
    // Nothing played yet: frequent is by name, recent by first scan.
    expect(await names({ type: 'frequent' })).toEqual(BY_NAME);
    expect(await names({ type: 'recent' })).toEqual(byFirstScan);

    await play(songs(WESNOTH)[0]!);
    await play(songs(NIGHT)[0]!, songs(NIGHT)[1]!, songs(NIGHT)[0]!);
    await play(songs(HARBOUR)[2]!);
    await play(songs(FORMATS)[0]!);
    await play(songs(FORMATS)[1]!);

    expect(await names({ type: 'frequent' })).toEqual([NIGHT, FORMATS, HARBOUR, WESNOTH, ENDGAME, LOOSE]);
    expect(await names({ type: 'recent' })).toEqual([FORMATS, HARBOUR, NIGHT, WESNOTH, ...unplayed(FORMATS, HARBOUR, NIGHT, WESNOTH)]);
    expect(await names({ type: 'frequent', size: '2', offset: '1' })).toEqual([FORMATS, HARBOUR]);
    const counts = Object.fromEntries((await albums({ type: 'frequent' })).map((a) => [a.name, a.playCount]));
    expect(counts).toEqual({ [NIGHT]: 3, [FORMATS]: 2, [HARBOUR]: 1, [WESNOTH]: 1, [ENDGAME]: 0, [LOOSE]: 0 });
    const harbour = (await api.json('getAlbum', { id: album(HARBOUR) })).album as Obj;
    expect(harbour.playCount).toBe(1);

    // A later play moves its album to the front of recent; frequent changes only when the count does.
    await play(songs(WESNOTH)[1]!);
    expect(await names({ type: 'recent', size: '3' })).toEqual([WESNOTH, FORMATS, HARBOUR]);
    expect(await names({ type: 'frequent', size: '3' })).toEqual([NIGHT, FORMATS, WESNOTH]);
    // Playing only reports what is playing: nothing counted.
    await ok('scrobble', { id: songs(ENDGAME)[0]!, submission: 'false' });
    expect(await names({ type: 'recent', size: '1' })).toEqual([WESNOTH]);
  });

  it('highest lists the caller’s rated albums, best first, the latest rating first among equals', async () => {
    expect(await names({ type: 'highest' })).toEqual([]);
    await ok('setRating', { id: album(NIGHT), rating: '3' });
    await ok('setRating', { id: album(ENDGAME), rating: '5' });
    await ok('setRating', { id: album(LOOSE), rating: '1' });
    // Songs and artists rated do not make their album rated.
    await ok('setRating', { id: songs(HARBOUR)[0]!, rating: '5' });
    expect(await names({ type: 'highest' })).toEqual([ENDGAME, NIGHT, LOOSE]);
    await ok('setRating', { id: album(LOOSE), rating: '5' });
    expect(await names({ type: 'highest' })).toEqual([LOOSE, ENDGAME, NIGHT]);
    await ok('setRating', { id: album(ENDGAME), rating: '0' });
    expect(await names({ type: 'highest' })).toEqual([LOOSE, NIGHT]);
    expect(await names({ type: 'highest', size: '1', offset: '1' })).toEqual([NIGHT]);
  });

  it('starred lists starred albums and albums holding a favourite song, by name', async () => {
    expect(await names({ type: 'starred' })).toEqual([]);
    await ok('star', { albumId: album(WESNOTH) });
    await ok('star', { id: songs(FORMATS)[1]! });
    await ok('star', { artistId: String((await albums({ type: 'alphabeticalByName' })).find((a) => a.name === HARBOUR)!.artistId) });
    expect(await names({ type: 'starred' })).toEqual([FORMATS, WESNOTH]);
    await ok('unstar', { albumId: album(WESNOTH) });
    expect(await names({ type: 'starred' })).toEqual([FORMATS]);
  });

  // Last: it adds an album to the library.
  it('newest puts an album scanned later first, and keeps the first scan of the others across rescans', async () => {
    const before = await albums({ type: 'newest' });
    expect(before.map((a) => a.name)).toEqual(byFirstScan);
    const late = join(h.musicDir, 'Late Arrival');
    await mkdir(late);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', join(h.musicDir, FIXTURE.echoTeo), '-map', '0:a', '-c', 'copy',
      '-metadata', 'album=Late Arrival', '-metadata', 'album_artist=Teo Vance', join(late, '01 Echo.mp3')]);
    await rescan(h.t);
    const after = await albums({ type: 'newest' });
    expect(after.map((a) => a.name)).toEqual(['Late Arrival', ...byFirstScan]);
    expect(after.slice(1)).toEqual(before);
    expect(Date.parse(String(after[0]!.created))).toBeGreaterThan(Date.parse(String(before[0]!.created)));
    expect(await names({ type: 'newest', size: '2', offset: '1' })).toEqual(byFirstScan.slice(0, 2));
    // Never played: in recent it comes after the played albums, first of the others.
    expect(await names({ type: 'recent' })).toEqual([WESNOTH, FORMATS, HARBOUR, NIGHT, 'Late Arrival', ...unplayed(WESNOTH, FORMATS, HARBOUR, NIGHT)]);
  });
});
