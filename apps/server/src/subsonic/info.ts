import type { ImageSize } from '@lyra/contracts/ids';
import {
  coverOrGenerated,
  imagePath,
  selectAlbumIdOf,
  selectArtistIdByName,
  selectArtists,
  selectArtistsOfId,
  selectArtistTrackIds,
  selectRandomSongsOf,
  selectSimilarArtistIds,
  selectSongIdsByGenre,
} from '../catalogue/module.js';
import { loadAlbums } from './albums.js';
import type { Call, Methods } from './call.js';
import { missing, notFound } from './errors.js';
import { selectSongs } from './library-songs.sql.js';
import { MAX_INT } from './params.js';
import { artistCover, artistEntry, artistId3, songChild } from './shapes.js';
import type { XmlObject } from './xml.js';

const MAX_LIST = 500;
/** Similar artists whose songs getSimilarSongs mixes in. */
const SIMILAR_FOR_SONGS = 10;

const IMAGE_SIZES: Record<'smallImageUrl' | 'mediumImageUrl' | 'largeImageUrl', ImageSize> = {
  smallImageUrl: 50,
  mediumImageUrl: 150,
  largeImageUrl: 500,
};

/** The cover's three /images URLs (the sizes getCoverArt serves); none without a cover. */
function imageUrls(base: string, coverId: string | null): Record<string, string> {
  if (coverId == null) return {};
  return Object.fromEntries(Object.entries(IMAGE_SIZES).map(([key, size]) => [key, base + imagePath(coverId, size)]));
}

/** The artist an artist, album or song id is about (the first credited one). */
async function artistOf(call: Call): Promise<string> {
  const [artistId] = await selectArtistsOfId(call.db, call.params.required('id'));
  if (!artistId) throw notFound('Artist');
  return artistId;
}

/**
 * Artist info: no biography, MusicBrainz id or Last.fm page is kept, so those
 * are left out; images are the artist's cover (else the generated cover of one
 * of its albums, as its coverArt); similar artists share albums or genres.
 */
async function artistInfo(call: Call) {
  const artistId = await artistOf(call);
  const count = call.params.int('count', 20, 0, MAX_LIST);
  const [artist] = await selectArtists(call.db, [artistId]);
  if (!artist) throw notFound('Artist');
  const similar = await selectArtists(call.db, await selectSimilarArtistIds(call.db, [artistId], count));
  return { images: imageUrls(call.base, artistCover(artist)), similar };
}

/** Album info: no notes are kept; images are the album's cover (generated when it has none). */
async function albumInfo(call: Call): Promise<XmlObject> {
  const albumId = await selectAlbumIdOf(call.db, call.params.required('id'));
  const [album] = albumId ? await loadAlbums(call.db, [albumId]) : [];
  if (!album) throw notFound('Album');
  return imageUrls(call.base, coverOrGenerated(album.row.cover_id, album.row.id, album.row.name));
}

/** Random songs by the artist the id is about and by artists sharing its albums or genres. */
async function similarSongs(call: Call) {
  const id = call.params.required('id');
  const count = call.params.int('count', 50, 0, MAX_LIST);
  const seeds = await selectArtistsOfId(call.db, id);
  if (seeds.length === 0) throw notFound('Song');
  const similar = await selectSimilarArtistIds(call.db, seeds, SIMILAR_FOR_SONGS);
  const ids = await selectRandomSongsOf(call.db, [...seeds, ...similar], [id], count);
  return (await selectSongs(call.db, ids, call.caller.userId)).map(songChild);
}

export const infoMethods: Methods = {
  async getArtistInfo2(call) {
    const { images, similar } = await artistInfo(call);
    return { artistInfo2: { ...images, similarArtist: similar.map((a) => artistId3(a, call.base)) } };
  },

  async getArtistInfo(call) {
    const { images, similar } = await artistInfo(call);
    return { artistInfo: { ...images, similarArtist: similar.map((a) => artistEntry(a, call.base)) } };
  },

  async getAlbumInfo2(call) {
    return { albumInfo: await albumInfo(call) };
  },

  async getAlbumInfo(call) {
    return { albumInfo: await albumInfo(call) };
  },

  async getSimilarSongs2(call) {
    return { similarSongs2: { song: await similarSongs(call) } };
  },

  async getSimilarSongs(call) {
    return { similarSongs: { song: await similarSongs(call) } };
  },

  /**
   * The artist's songs as its page in the web app orders its top songs (most
   * played first); `id` (topSongsByArtistId) takes precedence over `artist`
   * (a name). An unknown name is an empty list.
   */
  async getTopSongs(call) {
    const { params, db } = call;
    const count = params.int('count', 50, 0, MAX_LIST);
    const id = params.get('id');
    let artistId: string | null;
    if (id) {
      const [artist] = await selectArtists(db, [id]);
      if (!artist) throw notFound('Artist');
      artistId = artist.id;
    } else {
      const name = params.get('artist');
      if (!name) throw missing('artist');
      artistId = await selectArtistIdByName(db, name);
    }
    const ids = artistId && count > 0 ? (await selectArtistTrackIds(db, artistId, { by: 'popularity', order: 'asc' }, count, 0)).ids : [];
    return { topSongs: { song: (await selectSongs(db, ids, call.caller.userId)).map(songChild) } };
  },

  async getSongsByGenre({ params, db, caller }) {
    const genre = params.required('genre');
    const count = params.int('count', 10, 0, MAX_LIST);
    const offset = params.int('offset', 0, 0, MAX_INT);
    const ids = await selectSongIdsByGenre(db, genre, count, offset);
    return { songsByGenre: { song: (await selectSongs(db, ids, caller.userId)).map(songChild) } };
  },
};
