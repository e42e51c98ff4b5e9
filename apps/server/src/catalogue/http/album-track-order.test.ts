import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';

/**
 * An album's songs by disc and track number, then by file name as a person reads
 * it (migrations/catalogue/0720): an untagged folder plays Track2 before Track10.
 */
describe.each(ENGINES)('album track order (%s)', (engine) => {
  let t: TestApp;
  let untagged: string;
  let discs: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    const db = t.testDb.db;
    // Files named without a leading number keep no track number: the folder's name is the album.
    for (const n of [10, 2, 1, 21, 3]) {
      await makeTrack(db, { title: `Track${n}`, album: { name: 'Field Recordings', artist: null }, path: `Field Recordings/Track${n}.flac` });
    }
    await makeTrack(db, { title: 'Intro', album: { name: 'Field Recordings', artist: null }, path: 'Field Recordings/intro.flac' });
    // Two discs in folders; numbered tracks first in number order, then same-numbered ones by file name.
    const album = { name: 'Double', artist: 'Band' };
    await makeTrack(db, { title: 'B2', album, artists: ['Band'], discNo: 2, trackNo: 1, path: 'Double/CD2/01 b2.ogg' });
    await makeTrack(db, { title: 'A10', album, artists: ['Band'], discNo: 1, trackNo: 10, path: 'Double/CD1/10 a10.ogg' });
    await makeTrack(db, { title: 'A2', album, artists: ['Band'], discNo: 1, trackNo: 2, path: 'Double/CD1/02 a2.ogg' });
    await makeTrack(db, { title: 'Zeta', album, artists: ['Band'], discNo: 1, trackNo: 1, path: 'Double/CD1/01 part 2.ogg' });
    await makeTrack(db, { title: 'Alpha', album, artists: ['Band'], discNo: 1, trackNo: 1, path: 'Double/CD1/01 part 10.ogg' });
    await makeTrack(db, { title: 'Hidden', album, artists: ['Band'], discNo: 1, trackNo: null, path: 'Double/CD1/hidden track.ogg' });
    const ids = await db.query<{ id: string; name: string }>('select id, name from albums');
    untagged = ids.find((a) => a.name === 'Field Recordings')!.id;
    discs = ids.find((a) => a.name === 'Double')!.id;
  });
  afterAll(() => t.close());

  const songs = async (albumId: string) =>
    ((await getJson(t.app, `/api/albums?id=${albumId}`)).body.data.songs as { name: string }[]).map((s) => s.name);

  it('lists an untagged folder in natural file name order', async () => {
    expect(await songs(untagged)).toEqual(['Intro', 'Track1', 'Track2', 'Track3', 'Track10', 'Track21']);
  });

  it('lists discs and tracks by number, then by natural file name, unnumbered songs last on their disc', async () => {
    expect(await songs(discs)).toEqual(['Zeta', 'Alpha', 'A2', 'A10', 'Hidden', 'B2']);
  });

  it('keeps that order in the Library songs by album', async () => {
    const all = (await getJson(t.app, '/api/library/songs?sort=album&limit=100')).body.data.results as { name: string }[];
    expect(all.map((s) => s.name)).toEqual(['Zeta', 'Alpha', 'A2', 'A10', 'Hidden', 'B2', 'Intro', 'Track1', 'Track2', 'Track3', 'Track10', 'Track21']);
  });

  it('keeps the order when a file is renamed', async () => {
    await t.testDb.db.query(`update tracks set path = 'Field Recordings/Track30.flac' where title = 'Track2'`);
    expect(await songs(untagged)).toEqual(['Intro', 'Track1', 'Track3', 'Track10', 'Track21', 'Track2']);
  });
});
