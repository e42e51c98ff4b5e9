import {
  ARTIST_PAGE_SIZE,
  type Artist,
  type ArtistAlbums,
  type ArtistRef,
  type ArtistSongs,
  type SimilarArtist,
  type SortBy,
  type SortOrder,
} from '@lyra/contracts/catalogue';
import { albumSummaries } from './albums.js';
import { entityUrl } from './entity-urls.js';
import { notFound } from './errors.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import { selectArtistAlbumIds } from './store/albums.sql.js';
import {
  selectArtistFacts,
  selectArtistsByIds,
  selectArtistTrackIds,
  selectSimilarArtists,
  type ArtistFacts,
  type ArtistRow,
} from './store/artists.sql.js';
import { artistRef, imageLinks } from './wire-links.js';

export interface Sort {
  by: SortBy;
  order: SortOrder;
}

const SIMILAR_ARTISTS = 10;

/** ArtistRef objects for search, role "Artist" as the upstream sends it (§2.3), in the order of `ids`. */
export async function searchArtistsByIds(ctx: CatalogueCtx, ids: readonly string[]): Promise<ArtistRef[]> {
  const byId = new Map((await selectArtistsByIds(ctx.db, ids)).map((a) => [a.id, a]));
  return ids.flatMap((id) => {
    const a = byId.get(id);
    return a ? [artistRef(ctx.base, a, 'Artist')] : [];
  });
}

async function requireArtist(ctx: CatalogueCtx, id: string, message: string): Promise<ArtistRow> {
  const [artist] = await selectArtistsByIds(ctx.db, [id]);
  if (!artist) throw notFound(message);
  return artist;
}

/** "singer" for performers, "music director" for composers (the upstream's words). */
export function dominantType(roles: ArtistFacts['roles']): string | null {
  const sung = (roles.primary ?? 0) + (roles.featured ?? 0);
  const composed = roles.composer ?? 0;
  if (sung === 0 && composed === 0) return null;
  return sung >= composed ? 'singer' : 'music director';
}

function toSimilar(base: string, a: ArtistRow): SimilarArtist {
  return {
    id: a.id,
    name: a.name,
    url: entityUrl(base, 'artist', a.name, a.id),
    image: imageLinks(base, a.cover_id),
    languages: null,
    wiki: '',
    dob: '',
    fb: '',
    twitter: '',
    isRadioPresent: true,
    type: 'artist',
    dominantType: '',
    aka: '',
    bio: null,
    similarArtists: null,
  };
}

/**
 * GET /api/artists/{id} (§3.9): top songs and albums, `page` pages both by
 * their own counts. Facts the catalogue cannot know (followers, birth date,
 * social links) are null; singles are not a separate release type here.
 */
export async function getArtist(
  ctx: CatalogueCtx,
  id: string,
  q: { page: number; songCount: number; albumCount: number; sort: Sort },
): Promise<Artist> {
  const artist = await requireArtist(ctx, id, 'artist not found');
  const [facts, trackPage, albumPage, similar] = await Promise.all([
    selectArtistFacts(ctx.db, id),
    selectArtistTrackIds(ctx.db, id, q.sort, q.songCount, q.page * q.songCount),
    selectArtistAlbumIds(ctx.db, id, q.sort, q.albumCount, q.page * q.albumCount),
    selectSimilarArtists(ctx.db, id, SIMILAR_ARTISTS),
  ]);
  const [topSongs, topAlbums] = await Promise.all([songsByIds(ctx, trackPage.ids), albumSummaries(ctx, albumPage.ids)]);
  return {
    id: artist.id,
    name: artist.name,
    url: entityUrl(ctx.base, 'artist', artist.name, artist.id),
    type: 'artist',
    image: imageLinks(ctx.base, artist.cover_id),
    followerCount: null,
    fanCount: null,
    isVerified: false,
    dominantLanguage: facts.languages[0] ?? null,
    dominantType: dominantType(facts.roles),
    bio: [],
    dob: null,
    fb: null,
    twitter: null,
    wiki: null,
    availableLanguages: facts.languages,
    isRadioPresent: trackPage.total > 0,
    topSongs,
    topAlbums,
    singles: [],
    similarArtists: similar.map((a) => toSimilar(ctx.base, a)),
  };
}

/** GET /api/artists/{id}/songs: 0-based pages of ARTIST_PAGE_SIZE (§3.10). */
export async function getArtistSongs(ctx: CatalogueCtx, id: string, page: number, sort: Sort): Promise<ArtistSongs> {
  await requireArtist(ctx, id, 'artist songs not found');
  const { ids, total } = await selectArtistTrackIds(ctx.db, id, sort, ARTIST_PAGE_SIZE, page * ARTIST_PAGE_SIZE);
  return { total, songs: await songsByIds(ctx, ids) };
}

/** GET /api/artists/{id}/albums: album summaries, 0-based pages of ARTIST_PAGE_SIZE (§3.10). */
export async function getArtistAlbums(ctx: CatalogueCtx, id: string, page: number, sort: Sort): Promise<ArtistAlbums> {
  await requireArtist(ctx, id, 'artist albums not found');
  const { ids, total } = await selectArtistAlbumIds(ctx.db, id, sort, ARTIST_PAGE_SIZE, page * ARTIST_PAGE_SIZE);
  return { total, albums: await albumSummaries(ctx, ids) };
}
