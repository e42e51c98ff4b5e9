import { catalogueIdPage, prepareQuery, rankTracks, searchNamedIds, selectArtists, selectRandomSongIds } from '../catalogue/module.js';
import { SHELF_ORDERS, shelfAlbums, shelfCallerFacts, shelfPage } from './album-shelf.js';
import { forCaller, loadAlbums, withArtists, type CallerAlbum } from './albums.js';
import type { Call, Methods } from './call.js';
import { invalid, missing } from './errors.js';
import { MAX_INT } from './params.js';
import { selectAlbumList, selectCallerAlbumIds, type AlbumOrder } from './library-albums.sql.js';
import { selectSongs } from './library-songs.sql.js';
import { albumDir, albumId3, artistEntry, artistId3, songChild } from './shapes.js';

const MAX_LIST = 500;

const LIST_TYPES = [
  'random',
  'newest',
  'highest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'byYear',
  'byGenre',
] as const;
type ListType = (typeof LIST_TYPES)[number];
const isListType = (t: string): t is ListType => (LIST_TYPES as readonly string[]).includes(t);

/**
 * The order of an album list. `newest`, `frequent` and `recent` are the
 * album's first scan, plays and latest play (kept on the album, so plays by
 * every listener count); `highest` is the caller's rated albums, best first.
 */
function albumOrder(call: Call, type: ListType): AlbumOrder {
  const { params } = call;
  switch (type) {
    case 'random':
    case 'newest':
    case 'frequent':
    case 'alphabeticalByName':
    case 'recent':
    case 'alphabeticalByArtist':
      return { kind: type };
    case 'highest':
      return { kind: 'highest', userId: call.caller.userId };
    case 'starred':
      return { kind: 'starred', userId: call.caller.userId };
    case 'byYear': {
      const from = params.optionalInt('fromYear');
      const to = params.optionalInt('toYear');
      if (from == null) throw missing('fromYear');
      if (to == null) throw missing('toYear');
      return { kind: 'byYear', from, to };
    }
    case 'byGenre':
      return { kind: 'byGenre', genre: params.required('genre') };
  }
}

/** `query=""` (some clients quote it) and `*` mean "everything", as syncing clients expect. */
export function searchText(raw: string | null): string {
  const q = (raw ?? '').trim();
  const unquoted = q.length >= 2 && q.startsWith('"') && q.endsWith('"') ? q.slice(1, -1).trim() : q;
  return unquoted === '*' ? '' : unquoted;
}

/**
 * getAlbumList2 and getAlbumList: one page of the list `type` names, with each album's artists
 * and the caller's rating and latest play; from the album shelf while it holds the catalogue
 * as it stands, else from the list's query.
 */
async function albumList(call: Call): Promise<CallerAlbum[]> {
  const { params, db } = call;
  const type = params.required('type');
  if (!isListType(type)) throw invalid('type', `expected one of ${LIST_TYPES.join(', ')}`);
  const size = params.int('size', 10, 0, MAX_LIST);
  const offset = params.int('offset', 0, 0, MAX_INT);
  const order = albumOrder(call, type);
  if (size === 0) return [];
  const userId = call.caller.userId;
  const shelf = SHELF_ORDERS.has(order.kind) ? await call.albums.current() : null;
  if (shelf) {
    const facts = shelfCallerFacts(db, shelf, userId);
    if (order.kind === 'starred' || order.kind === 'highest') {
      return forCaller(db, userId, shelfAlbums(shelf, await selectCallerAlbumIds(db, order, size, offset)), facts);
    }
    const page = shelfPage(shelf, order, size, offset);
    if (page) return forCaller(db, userId, page, facts);
  }
  return forCaller(db, userId, await withArtists(db, await selectAlbumList(db, order, size, offset)));
}

/** search3 and search2: artists, albums and songs matching every word; an empty query pages through everything. */
async function search({ params, db, caller }: Call) {
  const page = (kind: string) => ({
    limit: params.int(`${kind}Count`, 20, 0, MAX_LIST),
    offset: params.int(`${kind}Offset`, 0, 0, MAX_INT),
  });
  const artistPage = page('artist');
  const albumPage = page('album');
  const songPage = page('song');
  const text = searchText(params.get('query'));
  let artistIds: string[];
  let albumIds: string[];
  let songIds: string[];
  // The three kinds are independent: their queries go out together (PostgreSQL runs them on several connections).
  if (text === '') {
    [artistIds, albumIds, songIds] = await Promise.all([
      selectArtists(db).then((all) => all.slice(artistPage.offset, artistPage.offset + artistPage.limit).map((a) => a.id)),
      catalogueIdPage(db, 'album', albumPage.limit, albumPage.offset),
      catalogueIdPage(db, 'song', songPage.limit, songPage.offset),
    ]);
  } else {
    const prepared = await prepareQuery({ db, base: '' }, text);
    const named = async (kind: 'album' | 'artist', p: { limit: number; offset: number }) =>
      prepared && p.limit > 0 ? (await searchNamedIds(db, kind, { ...prepared, ...p })).ids : [];
    [artistIds, albumIds, songIds] = await Promise.all([
      named('artist', artistPage),
      named('album', albumPage),
      songPage.limit > 0 ? rankTracks({ db, base: '' }, prepared, songPage).then((r) => r.ids) : [],
    ]);
  }
  const [artists, albums, songs] = await Promise.all([
    selectArtists(db, artistIds),
    loadAlbums(db, albumIds).then((a) => forCaller(db, caller.userId, a)),
    selectSongs(db, songIds, caller.userId),
  ]);
  return { artists, albums, songs };
}

export const listMethods: Methods = {
  async getAlbumList2(call) {
    const albums = await albumList(call);
    return { albumList2: { album: albums.map((a) => albumId3(a.row, a.artists, a.mine)) } };
  },

  /** The same list, albums as folders (the legacy browse). */
  async getAlbumList(call) {
    const albums = await albumList(call);
    return { albumList: { album: albums.map((a) => albumDir(a.row, a.artists[0]?.id ?? '', a.artists, a.mine)) } };
  },

  async getRandomSongs({ params, db, caller }) {
    const ids = await selectRandomSongIds(db, {
      size: params.int('size', 10, 0, MAX_LIST),
      genre: params.get('genre') || null,
      fromYear: params.optionalInt('fromYear'),
      toYear: params.optionalInt('toYear'),
    });
    return { randomSongs: { song: (await selectSongs(db, ids, caller.userId)).map(songChild) } };
  },

  /** The search in the ID3 shapes. */
  async search3(call) {
    const { artists, albums, songs } = await search(call);
    return {
      searchResult3: {
        artist: artists.map((a) => artistId3(a, call.base)),
        album: albums.map((a) => albumId3(a.row, a.artists, a.mine)),
        song: songs.map(songChild),
      },
    };
  },

  /** The same search, artists as Artist and albums as folders. */
  async search2(call) {
    const { artists, albums, songs } = await search(call);
    return {
      searchResult2: {
        artist: artists.map((a) => artistEntry(a, call.base)),
        album: albums.map((a) => albumDir(a.row, a.artists[0]?.id ?? '', a.artists, a.mine)),
        song: songs.map(songChild),
      },
    };
  },
};
