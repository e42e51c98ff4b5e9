import { selectAlbumTrackIds } from '../catalogue/module.js';
import { loadAlbums } from './albums.js';
import type { Methods } from './call.js';
import { notFound } from './errors.js';
import { selectArtistAlbumIds, selectArtists } from './library-artists.sql.js';
import { selectGenres, selectSongs } from './library-songs.sql.js';
import { albumDir, albumId3, artistId3, indexArtists, songChild } from './shapes.js';

/** The one music folder: the whole catalogue. */
export const MUSIC_FOLDER = { id: 1, name: 'Music' } as const;

/** Articles are not skipped when indexing: names are filed as written. */
const IGNORED_ARTICLES = '';

/** Browsing by tags (ID3 methods) and the legacy folder browse, on the catalogue's ids. */
export const browseMethods: Methods = {
  getMusicFolders: () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),

  async getIndexes({ db }) {
    const artists = await selectArtists(db);
    const [last] = await db.query<{ at: Date | null }>('select last_scan_at as at from scan_state where id = 1');
    return {
      indexes: {
        lastModified: last?.at ? new Date(last.at).getTime() : 0,
        ignoredArticles: IGNORED_ARTICLES,
        index: indexArtists(artists, (a) => ({ id: a.id, name: a.name })),
      },
    };
  },

  async getArtists({ db }) {
    const artists = await selectArtists(db);
    return { artists: { ignoredArticles: IGNORED_ARTICLES, index: indexArtists(artists, artistId3) } };
  },

  async getArtist({ db, params }) {
    const id = params.required('id');
    const [artist] = await selectArtists(db, [id]);
    if (!artist) throw notFound('Artist');
    const albums = await loadAlbums(db, await selectArtistAlbumIds(db, id));
    return { artist: { ...artistId3(artist), album: albums.map((a) => albumId3(a.row, a.artists)) } };
  },

  async getAlbum({ db, params, caller }) {
    const id = params.required('id');
    const [album] = await loadAlbums(db, [id]);
    if (!album) throw notFound('Album');
    const trackIds = (await selectAlbumTrackIds(db, [id])).map((r) => r.id);
    const songs = await selectSongs(db, trackIds, caller.userId);
    return { album: { ...albumId3(album.row, album.artists), song: songs.map(songChild) } };
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
    const [artist] = await selectArtists(db, [id]);
    if (!artist) throw notFound('Directory');
    const albums = await loadAlbums(db, await selectArtistAlbumIds(db, id));
    return { directory: { id, name: artist.name, child: albums.map((a) => albumDir(a.row, id, a.artists)) } };
  },

  async getGenres({ db }) {
    const genres = await selectGenres(db);
    return { genres: { genre: genres.map((g) => ({ value: g.value, songCount: g.song_count, albumCount: g.album_count })) } };
  },
};
