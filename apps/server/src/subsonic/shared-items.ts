import { AppwriteError, type ServerDocuments, type UserDocuments } from '../backend/module.js';
import { selectAlbumTrackIds } from '../catalogue/module.js';
import type { Queryable } from '../db/db.js';
import { CODE, SubsonicError } from './errors.js';
import { selectSongs, type SongRow } from './library-songs.sql.js';
import { PLAYLIST, PLAYLIST_SONG } from './playlists.js';
import type { ShareRow } from './shares.sql.js';
import { listAll } from './user-documents.js';

/**
 * What a share holds, in order (`subsonic_shares.item_ids`): song and album ids as themselves, a playlist
 * (the backend's Playlist document) as `playlist:<id>`, since its id could in principle be a song's.
 */
const PLAYLIST_ITEM = 'playlist:';

export const playlistItem = (playlistId: string): string => PLAYLIST_ITEM + playlistId;

const playlistOf = (item: string): string | null => (item.startsWith(PLAYLIST_ITEM) ? item.slice(PLAYLIST_ITEM.length) : null);

/** A refusal to read a document (gone, or not the reader's to read): the backend's, or the protocol's. */
const refused = (e: unknown) =>
  (e instanceof AppwriteError && [401, 403, 404].includes(e.code)) || (e instanceof SubsonicError && (e.code === CODE.notAuthorized || e.code === CODE.notFound));

/**
 * The songs of playlist `playlistId` as `docs`' account reads it now, in the playlist's order; null when
 * that account may not read it (another's private playlist, or gone).
 */
export async function playlistSongIds(docs: UserDocuments, playlistId: string): Promise<string[] | null> {
  try {
    await docs.get(PLAYLIST, playlistId);
    return (await listAll(docs, PLAYLIST_SONG, 'playlistId', [playlistId])).map((link) => String(link.songId));
  } catch (e) {
    if (refused(e)) return null;
    throw e;
  }
}

/**
 * The songs a share covers, in its order: a song id as itself, an album id as the album's songs, a
 * playlist as its songs, all as they are now (a playlist as its sharer may read it now: a playlist they
 * can no longer read, or their blocked or deleted account, covers nothing). Ids that are none of these
 * are left out; a song is there once. `userId` is whose stars and ratings they carry.
 */
export async function sharedSongs(
  db: Queryable,
  documents: ServerDocuments,
  share: Pick<ShareRow, 'item_ids' | 'user_id'>,
  userId: string,
): Promise<SongRow[]> {
  const items = share.item_ids;
  const tracks = await selectAlbumTrackIds(db, items.filter((id) => playlistOf(id) === null));
  const songsOf = new Map<string, string[]>();
  for (const t of tracks) songsOf.set(t.album_id, [...(songsOf.get(t.album_id) ?? []), t.id]);
  const playlists = items.map(playlistOf).filter((id) => id !== null);
  if (playlists.length > 0) {
    const docs = await documents.as(share.user_id);
    for (const id of playlists) songsOf.set(playlistItem(id), (docs && (await playlistSongIds(docs, id))) ?? []);
  }
  const ids = [...new Set(items.flatMap((id) => songsOf.get(id) ?? [id]))];
  return selectSongs(db, ids, userId);
}

/**
 * The ids a share is asked for, as it keeps them: songs and albums `db` holds as they are, a playlist
 * `docs`' account may read (their own, or another's public one) marked as one; null when one is none of these.
 */
export async function shareableItems(db: Queryable, docs: UserDocuments, ids: readonly string[]): Promise<string[] | null> {
  const songs = new Set((await selectSongs(db, ids, '')).map((song) => song.id));
  const albums = new Set((await selectAlbumTrackIds(db, ids)).map((t) => t.album_id));
  const items: string[] = [];
  for (const id of ids) {
    if (songs.has(id) || albums.has(id)) items.push(id);
    else if ((await playlistSongIds(docs, id)) !== null) items.push(playlistItem(id));
    else return null;
  }
  return items;
}
