import { serverQuery as q } from '../backend/module.js';
import { catalogueIds, selectArtists } from '../catalogue/module.js';
import { forCaller, loadAlbums } from './albums.js';
import type { Call, Methods } from './call.js';
import { missing, notFound } from './errors.js';
import { selectSongs } from './library-songs.sql.js';
import { albumDir, albumId3, artistEntry, artistId3, songChild } from './shapes.js';
import { starsStore, type StarKind } from './stars.sql.js';
import { documentsOf, inProtocol, isConflict, listAll, protocolError } from './user-documents.js';
import type { XmlObject } from './xml.js';

/** The web app's favourites: one Favorite document {userId, songId} per song. */
export const FAVORITE = 'Favorite';

interface Targets {
  songs: string[];
  albums: string[];
  artists: string[];
}

/** `id` (songs; an album or artist id is taken too, as older clients send), `albumId`, `artistId`, each repeatable. */
async function targets(call: Call): Promise<Targets> {
  const ids = [...new Set(call.params.list('id'))];
  const albums = new Set(call.params.list('albumId'));
  const artists = new Set(call.params.list('artistId'));
  if (ids.length + albums.size + artists.size === 0) throw missing('id');
  const songs = await catalogueIds(call.db, 'song', ids);
  const others = ids.filter((id) => !songs.has(id));
  const otherAlbums = await catalogueIds(call.db, 'album', others);
  const otherArtists = await catalogueIds(call.db, 'artist', others.filter((id) => !otherAlbums.has(id)));
  for (const id of otherAlbums) albums.add(id);
  for (const id of otherArtists) artists.add(id);
  return { songs: [...songs], albums: [...albums], artists: [...artists] };
}

async function checkExist(call: Call, t: Targets): Promise<void> {
  const all = call.params.list('id');
  const known = new Set([...t.songs, ...t.albums, ...t.artists]);
  if (all.some((id) => !known.has(id))) throw notFound('Song');
  if ((await catalogueIds(call.db, 'album', t.albums)).size !== t.albums.length) throw notFound('Album');
  if ((await catalogueIds(call.db, 'artist', t.artists)).size !== t.artists.length) throw notFound('Artist');
}

/** The caller's Favorite documents, newest first. */
async function favorites(call: Call) {
  return listAll(await documentsOf(call), FAVORITE, 'userId', [call.caller.userId], [q.orderDesc('$createdAt'), q.orderDesc('$sequence')]);
}

const iso = (d: Date | undefined) => d?.toISOString();

/** Everything the caller starred: songs (favourites), albums and artists, in the ID3 shapes. */
async function starredLists(call: Call) {
  const { db, caller } = call;
  const songIds = (await favorites(call)).map((d) => String(d.songId));
  const stars = starsStore(db);
  const albumStars = await stars.list(caller.userId, 'album');
  const artistStars = await stars.list(caller.userId, 'artist');
  return {
    songs: await selectSongs(db, songIds, caller.userId),
    albums: (await forCaller(db, caller.userId, await loadAlbums(db, [...albumStars.keys()]))).map((a) => ({ ...a, starred: albumStars.get(a.row.id) })),
    artists: (await selectArtists(db, [...artistStars.keys()])).map((a) => ({ row: a, starred: artistStars.get(a.id) })),
  };
}

const starKinds: [StarKind, (t: Targets) => string[]][] = [
  ['album', (t) => t.albums],
  ['artist', (t) => t.artists],
];

export const starredMethods: Methods = {
  /** Songs become the web app's favourites (with their realtime events); albums and artists are kept here. */
  async star(call) {
    const t = await targets(call);
    await checkExist(call, t);
    const docs = await documentsOf(call);
    for (const songId of t.songs) {
      try {
        await docs.create(FAVORITE, { userId: call.caller.userId, songId });
      } catch (e) {
        if (!isConflict(e)) throw protocolError(e);
      }
    }
    for (const [kind, of] of starKinds) await starsStore(call.db).add(call.caller.userId, kind, of(t), new Date(call.now()));
    return {};
  },

  /** Removes what is starred; ids that are not starred (or no longer in the library) are no error. */
  async unstar(call) {
    const t = await targets(call);
    const songs = new Set([...t.songs, ...call.params.list('id')]);
    const docs = await documentsOf(call);
    if (songs.size > 0) {
      // Favorites are readable by their owner only: those listed are the caller's.
      const found = await listAll(docs, FAVORITE, 'songId', [...songs]);
      for (const d of found) if (d.userId === call.caller.userId) await inProtocol(docs.remove(FAVORITE, d.$id));
    }
    const stars = starsStore(call.db);
    for (const [kind, of] of starKinds) await stars.remove(call.caller.userId, kind, of(t));
    await stars.remove(call.caller.userId, 'album', call.params.list('id'));
    await stars.remove(call.caller.userId, 'artist', call.params.list('id'));
    return {};
  },

  async getStarred2(call) {
    const { songs, albums, artists } = await starredLists(call);
    return {
      starred2: {
        artist: artists.map((a) => ({ ...artistId3(a.row, call.base), starred: iso(a.starred) })),
        album: albums.map((a) => ({ ...albumId3(a.row, a.artists, a.mine), starred: iso(a.starred) })),
        song: songs.map(songChild),
      },
    };
  },

  /** The same, in the folder shapes: artists as Artist, albums as directories. */
  async getStarred(call) {
    const { songs, albums, artists } = await starredLists(call);
    const artist: XmlObject[] = artists.map((a) => ({ ...artistEntry(a.row, call.base), starred: iso(a.starred) }));
    return {
      starred: {
        artist,
        album: albums.map((a) => ({ ...albumDir(a.row, a.artists[0]?.id ?? '', a.artists, a.mine), starred: iso(a.starred) })),
        song: songs.map(songChild),
      },
    };
  },
};
