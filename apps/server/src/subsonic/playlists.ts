import { usersStore, type DocumentModel, type UserDocuments } from '../backend/module.js';
import { catalogueIds } from '../catalogue/module.js';
import type { Call, Methods } from './call.js';
import { CODE, invalid, missing, notFound, SubsonicError } from './errors.js';
import { selectSongs, type SongRow } from './library-songs.sql.js';
import { MAX_INT } from './params.js';
import { playlistCommentsStore } from './playlists.sql.js';
import { songChild } from './shapes.js';
import { documentsOf, inProtocol, listAll } from './user-documents.js';
import type { XmlObject } from './xml.js';

/**
 * Playlists are the web app's own documents: Playlist {userId, name, description} and one
 * PlaylistSong {playlistId, songId} per song, in creation order (the order
 * the web app lists them in), a song at most once. `public` is the
 * permission read("users") on the playlist and its songs. The comment is the
 * playlist's description, the one the web app shows under its title; a comment
 * set before playlists had descriptions (kept by this module) shows until one is set.
 */
export const PLAYLIST = 'Playlist';
export const PLAYLIST_SONG = 'PlaylistSong';
const MAX_NAME = 256;
/** appwrite.json's size of Playlist.description. */
const MAX_COMMENT = 300;
const PUBLIC = 'read("users")';

const isPublic = (p: DocumentModel) => p.$permissions.includes(PUBLIC) || p.$permissions.includes('read("any")');

const permissionsFor = (userId: string, open: boolean): string[] => {
  const role = `user:${userId}`;
  return [`read("${role}")`, `update("${role}")`, `delete("${role}")`, ...(open ? [PUBLIC] : [])];
};

/** The playlists' song links, oldest first. */
const linksOf = (docs: UserDocuments, playlistIds: readonly string[]) => listAll(docs, PLAYLIST_SONG, 'playlistId', playlistIds);

function checkName(name: string): string {
  if (name.length > MAX_NAME) throw invalid('name', `at most ${MAX_NAME} characters`);
  return name;
}

/** The `comment` given, trimmed, as the playlist's description; null when none is given. */
function commentParam(call: Call): string | null {
  const comment = call.params.get('comment');
  if (comment == null) return null;
  const trimmed = comment.trim();
  if ([...trimmed].length > MAX_COMMENT) throw invalid('comment', `at most ${MAX_COMMENT} characters`);
  return trimmed;
}

/** Song ids as given, each once; unknown songs are error 70. */
async function songIds(call: Call, name: string): Promise<string[]> {
  const ids = [...new Set(call.params.list(name))];
  const known = await catalogueIds(call.db, 'song', ids);
  if (ids.some((id) => !known.has(id))) throw notFound('Song');
  return ids;
}

async function ownPlaylist(call: Call, docs: UserDocuments, id: string): Promise<DocumentModel> {
  const playlist = await inProtocol(docs.get(PLAYLIST, id));
  if (playlist.userId !== call.caller.userId) throw new SubsonicError(CODE.notAuthorized, 'Only the owner of a playlist can change it');
  return playlist;
}

async function addSongs(docs: UserDocuments, playlist: DocumentModel, ids: readonly string[]): Promise<void> {
  const permissions = permissionsFor(String(playlist.userId), isPublic(playlist));
  for (const songId of ids) await inProtocol(docs.create(PLAYLIST_SONG, { playlistId: playlist.$id, songId }, { permissions }));
}

/** The protocol's Playlist for each document (`entry` too when `withSongs`). */
async function describe(call: Call, docs: UserDocuments, playlists: readonly DocumentModel[], withSongs: boolean): Promise<XmlObject[]> {
  const links = await linksOf(docs, playlists.map((p) => p.$id));
  const songs = await selectSongs(call.db, [...new Set(links.map((l) => String(l.songId)))], call.caller.userId);
  const byId = new Map(songs.map((s) => [s.id, s]));
  const comments = await playlistCommentsStore(call.db).of(playlists.map((p) => p.$id));
  const users = usersStore(call.db);
  const owners = new Map<string, string>([[call.caller.userId, call.caller.username]]);
  for (const p of playlists) {
    const owner = String(p.userId);
    if (!owners.has(owner)) owners.set(owner, (await users.byId(owner))?.email ?? '');
  }
  return playlists.map((p) => {
    const own = links.filter((l) => l.playlistId === p.$id);
    const entries: SongRow[] = own.flatMap((l) => byId.get(String(l.songId)) ?? []);
    const changed = [p.$updatedAt, ...own.map((l) => l.$createdAt)].map((d) => Date.parse(d)).reduce((a, b) => Math.max(a, b), 0);
    return {
      id: p.$id,
      name: typeof p.name === 'string' ? p.name : '',
      comment: (typeof p.description === 'string' && p.description) || comments.get(p.$id) || undefined,
      owner: owners.get(String(p.userId)) || undefined,
      public: isPublic(p),
      songCount: entries.length,
      duration: entries.reduce((sum, s) => sum + Math.round(s.duration_s ?? 0), 0),
      created: new Date(p.$createdAt).toISOString(),
      changed: new Date(changed).toISOString(),
      coverArt: entries.length ? (songChild(entries[0]!).coverArt as string | undefined) : undefined,
      readonly: p.userId !== call.caller.userId,
      ...(withSongs ? { entry: entries.map(songChild) } : {}),
    };
  });
}

async function onePlaylist(call: Call, docs: UserDocuments, id: string): Promise<XmlObject> {
  const [playlist] = await describe(call, docs, [await inProtocol(docs.get(PLAYLIST, id))], true);
  return { playlist: playlist! };
}

export const playlistMethods: Methods = {
  /** The caller's playlists and the public ones of others (newest last, as the web app lists them). */
  async getPlaylists(call) {
    const username = call.params.get('username');
    if (username && username.toLowerCase() !== call.caller.username.toLowerCase()) {
      throw new SubsonicError(CODE.notAuthorized, "Only an admin may list another user's playlists");
    }
    const docs = await documentsOf(call);
    const playlists = await listAll(docs, PLAYLIST, 'userId', null);
    return { playlists: { playlist: await describe(call, docs, playlists, false) } };
  },

  async getPlaylist(call) {
    return onePlaylist(call, await documentsOf(call), call.params.required('id'));
  },

  /**
   * A new playlist of `songId`s, or with `playlistId` the songs of one of the caller's playlists replaced;
   * `comment` (beyond the protocol, as updatePlaylist's) sets its description.
   */
  async createPlaylist(call) {
    const docs = await documentsOf(call);
    const playlistId = call.params.get('playlistId');
    const name = call.params.get('name');
    const description = commentParam(call);
    const ids = await songIds(call, 'songId');
    let playlist: DocumentModel;
    if (playlistId) {
      playlist = await ownPlaylist(call, docs, playlistId);
      const changes = { ...(name ? { name: checkName(name) } : {}), ...(description != null ? { description } : {}) };
      if (Object.keys(changes).length) playlist = await inProtocol(docs.update(PLAYLIST, playlist.$id, changes));
      if (description != null) await playlistCommentsStore(call.db).set(playlist.$id, '');
      for (const link of await linksOf(docs, [playlist.$id])) await inProtocol(docs.remove(PLAYLIST_SONG, link.$id));
    } else {
      if (!name) throw missing('name');
      playlist = await inProtocol(
        docs.create(PLAYLIST, { userId: call.caller.userId, name: checkName(name), ...(description ? { description } : {}) }),
      );
    }
    await addSongs(docs, playlist, ids);
    return onePlaylist(call, docs, playlist.$id);
  },

  /** Name, comment, public; songs removed by index (of the current list), then songs added at the end. */
  async updatePlaylist(call) {
    const docs = await documentsOf(call);
    let playlist = await ownPlaylist(call, docs, call.params.required('playlistId'));
    const name = call.params.get('name');
    const comment = commentParam(call);
    const open = call.params.has('public') ? call.params.bool('public', false) : null;
    const removeAt = call.params.list('songIndexToRemove').map((raw) => {
      const n = Number(raw);
      if (!/^\d{1,9}$/.test(raw.trim())) throw invalid('songIndexToRemove', 'expected an index');
      return n;
    });
    const add = await songIds(call, 'songIdToAdd');
    const links = await linksOf(docs, [playlist.$id]);
    if (removeAt.some((i) => i >= links.length)) throw invalid('songIndexToRemove', `the playlist has ${links.length} songs`);

    const changes: Record<string, unknown> = {};
    if (name) changes.name = checkName(name);
    if (comment != null) changes.description = comment;
    if (open != null && open !== isPublic(playlist)) {
      playlist = await inProtocol(docs.update(PLAYLIST, playlist.$id, changes, permissionsFor(call.caller.userId, open)));
      for (const link of links) await inProtocol(docs.update(PLAYLIST_SONG, link.$id, {}, permissionsFor(call.caller.userId, open)));
    } else if (Object.keys(changes).length) {
      playlist = await inProtocol(docs.update(PLAYLIST, playlist.$id, changes));
    }
    // The description now holds it: an older comment kept here would show again once it is emptied.
    if (comment != null) await playlistCommentsStore(call.db).set(playlist.$id, '');
    for (const i of new Set(removeAt)) await inProtocol(docs.remove(PLAYLIST_SONG, links[i]!.$id));
    const kept = new Set(links.filter((_, i) => !removeAt.includes(i)).map((l) => String(l.songId)));
    await addSongs(docs, playlist, add.filter((id) => !kept.has(id)));
    return {};
  },

  async deletePlaylist(call) {
    const docs = await documentsOf(call);
    const playlist = await ownPlaylist(call, docs, call.params.required('id'));
    await inProtocol(docs.remove(PLAYLIST, playlist.$id));
    return {};
  },
};

