import type { Album, SearchAlbum } from '@lyra/contracts/catalogue';
import { albumArtists, toAlbum, toSearchAlbum } from './album-shape.js';
import { notFound } from './errors.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import { selectAlbumsByIds, selectAlbumTrackArtists, selectAlbumTrackIds } from './store/albums.sql.js';

async function loadAlbums(ctx: CatalogueCtx, ids: readonly string[]) {
  const rows = await selectAlbumsByIds(ctx.db, ids);
  const needArtists = rows.filter((r) => !r.artist_id).map((r) => r.id);
  const trackArtists = await selectAlbumTrackArtists(ctx.db, needArtists);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ row, artists: albumArtists(ctx.base, row, trackArtists) }] : [];
  });
}

/** SearchAlbum objects in the order of `ids` (no songs, no songCount: §3.2). */
export async function searchAlbumsByIds(ctx: CatalogueCtx, ids: readonly string[]): Promise<SearchAlbum[]> {
  return (await loadAlbums(ctx, ids)).map(({ row, artists }) => toSearchAlbum(ctx.base, row, artists));
}

/** Album summaries (`songs: null`) in the order of `ids`. */
export async function albumSummaries(ctx: CatalogueCtx, ids: readonly string[]): Promise<Album[]> {
  return (await loadAlbums(ctx, ids)).map(({ row, artists }) => toAlbum(ctx.base, row, artists, null));
}

/** GET /api/albums: the album with its full track list in disc/track order. */
export async function getAlbum(ctx: CatalogueCtx, id: string): Promise<Album> {
  const [found] = await loadAlbums(ctx, [id]);
  if (!found) throw notFound('album not found');
  const trackIds = (await selectAlbumTrackIds(ctx.db, [id])).map((r) => r.id);
  return toAlbum(ctx.base, found.row, found.artists, await songsByIds(ctx, trackIds));
}

/** Comma-joined track ids per album (global search's `songIds`). */
export async function albumSongIds(ctx: CatalogueCtx, albumIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const r of await selectAlbumTrackIds(ctx.db, albumIds)) {
    const list = map.get(r.album_id);
    if (list) list.push(r.id);
    else map.set(r.album_id, [r.id]);
  }
  return map;
}
