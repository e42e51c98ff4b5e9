import {
  ARTIST_PAGE_SIZE,
  type Artist,
  type ArtistAlbums,
  type ArtistRef,
  type ArtistSongs,
  type ArtistTotals,
  type SimilarArtist,
  type SortBy,
  type SortOrder,
} from '@lyra/contracts/catalogue';
import { albumSummaries } from './albums.js';
import { entityUrl } from './entity-urls.js';
import { notFound } from './errors.js';
import { artistPictureId } from './media/generated-artist-picture.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import { selectArtistAlbumIds } from './store/albums.sql.js';
import {
  selectArtistAlbumPage,
  selectArtistFacts,
  selectArtistsByIds,
  selectArtistTotals,
  selectArtistTrackIds,
  selectSimilarArtistIds,
  type ArtistFacts,
  type ArtistPictureRow,
  type ArtistTotalsRow,
} from './store/artists.sql.js';
import { artistRef, imageLinks } from './wire-links.js';

export interface Sort {
  by: SortBy;
  order: SortOrder;
}

const SIMILAR_ARTISTS = 10;

interface ArtistRow {
  id: string;
  name: string;
  cover_id: string | null;
}

/**
 * An artist's picture: the cover of one of their own albums (OWN_ALBUM_COVER), else one generated
 * from their name. Never a compilation's or another artist's cover, never the default logo.
 */
export const artistPicture = (a: ArtistPictureRow): string => artistPictureId(a.cover_id, a.id, a.name);

/** Artists by id with their pictures, in the order of `ids` (unknown ids left out). */
async function artistsByIds(ctx: CatalogueCtx, ids: readonly string[]): Promise<ArtistRow[]> {
  const byId = new Map((await selectArtistsByIds(ctx.db, ids)).map((a) => [a.id, a]));
  return ids.flatMap((id) => {
    const a = byId.get(id);
    return a ? [{ id: a.id, name: a.name, cover_id: artistPicture(a) }] : [];
  });
}

/** ArtistRef objects for search, role "Artist" as the upstream sends it (§2.3), in the order of `ids`. */
export async function searchArtistsByIds(ctx: CatalogueCtx, ids: readonly string[]): Promise<ArtistRef[]> {
  return (await artistsByIds(ctx, ids)).map((a) => artistRef(ctx.base, a, 'Artist'));
}

async function requireArtist(ctx: CatalogueCtx, id: string, message: string): Promise<ArtistRow> {
  const [artist] = await artistsByIds(ctx, [id]);
  if (!artist) throw notFound(message);
  return artist;
}

const PERFORMING = new Set(['primary', 'featured']);

/**
 * What the artist is, only where their credits say so: someone credited only in another
 * role (a composer who never performs) is that role, the one they hold most. A performer
 * gets no label: a song's artist tag does not say whether they sing, play or produce.
 */
export function dominantType(roles: ArtistFacts['roles']): string | null {
  if (Object.entries(roles).some(([role, n]) => PERFORMING.has(role) && n > 0)) return null;
  const [top] = Object.entries(roles)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return top ? top[0] : null;
}

const toTotals = (t: ArtistTotalsRow): ArtistTotals => ({
  songs: t.songs,
  albums: t.albums,
  appearsOn: t.appears_on,
  duration: Math.round(t.duration_s),
});

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
 * GET /api/artists/{id} (§3.9): top songs (most played first, ties in album order),
 * the albums they are the album artist of and, as Lyra's own additions, the other albums
 * they appear on and their totals. `page` pages the three lists by their own counts
 * (`appearsOn` by albumCount). Facts the catalogue cannot know (followers, birth date,
 * social links) are null; singles are not a separate release type here.
 */
export async function getArtist(
  ctx: CatalogueCtx,
  id: string,
  q: { page: number; songCount: number; albumCount: number; sort: Sort },
): Promise<Artist> {
  const artist = await requireArtist(ctx, id, 'artist not found');
  const [facts, totals, trackPage, ownIds, appearsOnIds, similarIds] = await Promise.all([
    selectArtistFacts(ctx.db, id),
    selectArtistTotals(ctx.db, id),
    selectArtistTrackIds(ctx.db, id, q.sort, q.songCount, q.page * q.songCount),
    selectArtistAlbumPage(ctx.db, id, 'own', q.sort, q.albumCount, q.page * q.albumCount),
    selectArtistAlbumPage(ctx.db, id, 'appearsOn', q.sort, q.albumCount, q.page * q.albumCount),
    selectSimilarArtistIds(ctx.db, id, SIMILAR_ARTISTS),
  ]);
  const [topSongs, topAlbums, appearsOn, similar] = await Promise.all([
    songsByIds(ctx, trackPage.ids),
    albumSummaries(ctx, ownIds),
    albumSummaries(ctx, appearsOnIds),
    artistsByIds(ctx, similarIds),
  ]);
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
    totals: toTotals(totals),
    appearsOn,
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
