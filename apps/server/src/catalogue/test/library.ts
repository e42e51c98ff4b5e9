/**
 * A small catalogue for API tests, written with the factory: two albums (one
 * on two discs), featured and composer credits, an accented name, a track
 * without album, an .m3u playlist and distinct play counts.
 */
import type { Queryable } from '../../db/db.js';
import { makeCover, makePlaylist, makeTrack } from './factory.js';

export interface TestLibrary {
  battleEpic: string;
  knolls: string;
  loyalists: string;
  elvish: string;
  dawn: string;
  reset: string;
  overclock: string;
  lament: string;
  lowBitrate: string;
  playlist: string;
  coverId: string;
}

export async function seedLibrary(db: Queryable): Promise<TestLibrary> {
  const coverId = await makeCover(db, 'c0ffee00c0ffee00c0ffee00c0ffee00');
  const wesnoth = {
    name: 'The Battle for Wesnoth OST',
    artist: 'David White',
    year: 2008,
    language: 'english',
    genre: 'Soundtrack',
    coverId,
  };
  const singularity = { name: 'Singularity', artist: 'Cheese', year: 2012, genre: 'Electronic' };
  const onWesnoth = { artists: ['David White'], album: wesnoth, genre: 'Soundtrack', language: 'english', year: 2008 };
  const onSingularity = { artists: ['Cheese'], album: singularity, genre: 'Electronic', year: 2012 };
  const lib = {
    coverId,
    knolls: await makeTrack(db, { ...onWesnoth, title: 'Knolls', discNo: 1, trackNo: 1, playCount: 7 }),
    battleEpic: await makeTrack(db, { ...onWesnoth, title: 'Battle Epic', discNo: 1, trackNo: 2, playCount: 40, durationS: 214.4 }),
    loyalists: await makeTrack(db, { ...onWesnoth, title: 'Loyalists', discNo: 2, trackNo: 1, playCount: 3 }),
    elvish: await makeTrack(db, {
      ...onWesnoth,
      title: 'Elvish Theme',
      artists: ['David White', { name: 'Doug Kaufman', role: 'featured' }, { name: 'Jeremy Nicoll', role: 'composer' }],
      discNo: 1,
      trackNo: 3,
      playCount: 12,
      explicit: true,
    }),
    dawn: await makeTrack(db, { ...onSingularity, title: 'Dawn of Code', trackNo: 1, playCount: 25 }),
    reset: await makeTrack(db, { ...onSingularity, title: 'Reset', trackNo: 2, playCount: 2 }),
    overclock: await makeTrack(db, { ...onSingularity, title: 'Overclock', trackNo: 3, playCount: 9 }),
    lament: await makeTrack(db, {
      title: "Gonéri's Lament",
      artists: ['Gonéri Bjørk'],
      genre: 'Folk',
      language: 'french',
      year: 1995,
      playCount: 1,
    }),
    lowBitrate: await makeTrack(db, {
      title: 'Quiet Hum',
      artists: ['Cheese'],
      genre: 'Electronic',
      year: 2013,
      bitrateKbps: 79,
      codec: 'vorbis',
      playCount: 0,
    }),
  };
  const playlist = await makePlaylist(db, {
    name: 'Late Night Mix',
    description: 'Quiet songs for after midnight.',
    trackIds: [lib.reset, lib.battleEpic, lib.knolls],
  });
  return { ...lib, playlist };
}
