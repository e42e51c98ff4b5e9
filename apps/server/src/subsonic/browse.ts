import { lastScanAt, selectAlbumTrackIds, selectArtistAlbumIds, selectArtists, selectGenreCounts } from '../catalogue/module.js';
import { forCaller, loadAlbums } from './albums.js';
import type { Methods } from './call.js';
import { notFound } from './errors.js';
import { selectSongs } from './library-songs.sql.js';
import { albumDir, albumId3, artistEntry, artistId3, indexArtists, songChild } from './shapes.js';

/** The first music folder (a server with one library has only it). */
export const MUSIC_FOLDER = { id: 1, name: 'Music' } as const;

/** Articles are not skipped when indexing: names are filed as written. */
const IGNORED_ARTICLES = '';

/** Browsing by tags (ID3 methods) and the legacy folder browse, on the catalogue's ids. */
export const browseMethods: Methods = {
  /** The caller's libraries (MUSIC_DIRS, or the one music folder), numbered in the configuration's order. */
  getMusicFolders: ({ musicFolders }) => ({ musicFolders: { musicFolder: musicFolders } }),

  /**
   * The folder browse's artists: those albums are filed under (album artists, else the
   * tracks' main performers of albums without one), so a client walking the folders reads
   * each album once, not once per performer on it.
   */
  async getIndexes({ db, base }) {
    const artists = await selectArtists(db, null, 'albumArtists');
    const last = await lastScanAt(db);
    return {
      indexes: {
        lastModified: last ? Date.parse(last) : 0,
        ignoredArticles: IGNORED_ARTICLES,
        index: indexArtists(artists, (a) => artistEntry(a, base)),
      },
    };
  },

  async getArtists({ db, base }) {
    const artists = await selectArtists(db);
    return { artists: { ignoredArticles: IGNORED_ARTICLES, index: indexArtists(artists, (a) => artistId3(a, base)) } };
  },

  async getArtist({ db, params, caller, base }) {
    const id = params.required('id');
    const [artist] = await selectArtists(db, [id]);
    if (!artist) throw notFound('Artist');
    const albums = await forCaller(db, caller.userId, await loadAlbums(db, await selectArtistAlbumIds(db, id)));
    return { artist: { ...artistId3(artist, base), album: albums.map((a) => albumId3(a.row, a.artists, a.mine)) } };
  },

  async getAlbum({ db, params, caller }) {
    const id = params.required('id');
    const [album] = await forCaller(db, caller.userId, await loadAlbums(db, [id]));
    if (!album) throw notFound('Album');
    const trackIds = (await selectAlbumTrackIds(db, [id])).map((r) => r.id);
    const songs = await selectSongs(db, trackIds, caller.userId);
    return { album: { ...albumId3(album.row, album.artists, album.mine), song: songs.map(songChild) } };
  },

  async getSong({ db, params, caller }) {
    const [song] = await selectSongs(db, [params.required('id')], caller.userId);
    if (!song) throw notFound('Song');
    return { song: songChild(song) };
  },

  /** An album id lists its songs; an artist id its albums (as folders). Album ids are tried first. */
  async getMusicDirectory({ db, params, caller }) {
    const id = params.required('id');
    const [album] = await loadAlbums(db, [id]);
    if (album) {
      const trackIds = (await selectAlbumTrackIds(db, [id])).map((r) => r.id);
      const songs = await selectSongs(db, trackIds, caller.userId);
      return {
        directory: {
          id,
          parent: album.artists[0]?.id,
          name: album.row.name,
          playCount: album.row.play_count,
          child: songs.map(songChild),
        },
      };
    }
    // The albums filed under the artist, as getIndexes files them.
    const [artist] = await selectArtists(db, [id], 'albumArtists');
    if (!artist) throw notFound('Directory');
    const albums = await forCaller(db, caller.userId, await loadAlbums(db, await selectArtistAlbumIds(db, id, 'albumArtists')));
    return { directory: { id, name: artist.name, child: albums.map((a) => albumDir(a.row, id, a.artists, a.mine)) } };
  },

  async getGenres({ db }) {
    const genres = await selectGenreCounts(db);
    return { genres: { genre: genres.map((g) => ({ value: g.value, songCount: g.song_count, albumCount: g.album_count })) } };
  },
};
