import type { Playlist, SearchPlaylist } from '@lyra/contracts/catalogue';
import { entityUrl } from './entity-urls.js';
import { coverOrGenerated } from './media/generated-cover.js';
import { notFound } from './errors.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import {
  selectPlaylistArtists,
  selectPlaylistsByIds,
  selectPlaylistTrackIds,
  type PlaylistRow,
} from './store/playlists.sql.js';
import { artistRef, imageLinks } from './wire-links.js';

/**
 * A playlist's cover: its own, else its first song's that has one, else one
 * made for it with its name (as for albums without art), never the logo.
 */
const playlistCover = (p: PlaylistRow) => coverOrGenerated(p.cover_id, p.id, p.name);

/** How many credited people a playlist lists in `artists`. */
const PLAYLIST_ARTISTS = 10;

export function toSearchPlaylist(base: string, p: PlaylistRow): SearchPlaylist {
  return {
    id: p.id,
    name: p.name,
    type: 'playlist',
    image: imageLinks(base, playlistCover(p)),
    url: entityUrl(base, 'playlist', p.name, p.id),
    songCount: p.song_count,
    language: p.language,
    explicitContent: p.explicit,
  };
}

/** SearchPlaylist objects in the order of `ids`. */
export async function searchPlaylistsByIds(ctx: CatalogueCtx, ids: readonly string[]): Promise<SearchPlaylist[]> {
  const byId = new Map((await selectPlaylistsByIds(ctx.db, ids)).map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [toSearchPlaylist(ctx.base, p)] : [];
  });
}

/**
 * GET /api/playlists: one page of songs. `songCount` is the number of songs on
 * this page, or null when there are none, as the reference reports it (§3.8);
 * `totalSongs` is the playlist's real size.
 */
export async function getPlaylist(ctx: CatalogueCtx, id: string, page: { limit: number; offset: number }): Promise<Playlist> {
  const [p] = await selectPlaylistsByIds(ctx.db, [id]);
  if (!p) throw notFound('playlist not found');
  const [trackIds, people] = await Promise.all([
    selectPlaylistTrackIds(ctx.db, id, page.limit, page.offset),
    selectPlaylistArtists(ctx.db, id, PLAYLIST_ARTISTS),
  ]);
  const songs = await songsByIds(ctx, trackIds);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    type: 'playlist',
    year: null,
    playCount: p.play_count,
    language: p.language,
    explicitContent: p.explicit,
    url: entityUrl(ctx.base, 'playlist', p.name, p.id),
    songCount: songs.length === 0 ? null : songs.length,
    artists: people.map((a) => artistRef(ctx.base, a, 'singer')),
    image: imageLinks(ctx.base, playlistCover(p)),
    songs,
    totalSongs: p.song_count,
  };
}
