import { BITRATES_KBPS, IMAGE_SIZES } from '@lyra/contracts/ids';
import type { ArtistRef, DownloadLink, ImageLink } from '@lyra/contracts/catalogue';
import { entityUrl } from './entity-urls.js';
import { artistPictureId } from './media/generated-artist-picture.js';
import { ceilingTier, effectiveTier, imagePath, mediaPath } from './urls.js';

/**
 * Always three entries, 50x50/150x150/500x500 in that order (catalogue-api.md
 * §2.1); a missing cover is the default logo (SPEC#limits-default-logo-image). `link` duplicates
 * `url` for legacy readers (§4.3).
 */
export function imageLinks(base: string, coverId: string | null): ImageLink[] {
  return IMAGE_SIZES.map((size) => {
    const url = base + imagePath(coverId, size);
    return { quality: `${size}x${size}` as ImageLink['quality'], url, link: url };
  });
}

/**
 * Always five entries, 12/48/96/160/320 kbps in that order (§2.2). The label
 * stays; the URL names the tier actually served, never above what the source
 * can give (so a 96 kbps source's 160 and 320 entries both point at 96).
 */
export function downloadLinks(
  base: string,
  track: { id: string; bitrate_kbps: number | null; codec: string | null },
): DownloadLink[] {
  const ceiling = ceilingTier(track.bitrate_kbps, track.codec);
  return BITRATES_KBPS.map((kbps) => {
    const url = base + mediaPath(track.id, effectiveTier(kbps, ceiling));
    return { quality: `${kbps}kbps` as DownloadLink['quality'], url, link: url };
  });
}

/**
 * An artist as songs, albums and lists name them. `cover_id` is artists.cover_id (the cover of their
 * own album, kept by the scanner to the artist page's rule); without one, their generated picture.
 */
export function artistRef(
  base: string,
  artist: { id: string; name: string; cover_id: string | null },
  role: string,
): ArtistRef {
  return {
    id: artist.id,
    name: artist.name,
    role,
    type: 'artist',
    image: imageLinks(base, artistPictureId(artist.cover_id, artist.id, artist.name)),
    url: entityUrl(base, 'artist', artist.name, artist.id),
  };
}

/** The credit label of `artists.all[]` (§2.3): singer, music, lyricist. */
export function creditLabel(role: string): string {
  switch (role) {
    case 'primary':
    case 'featured':
      return 'singer';
    case 'composer':
      return 'music';
    default:
      return role;
  }
}

/** "English", "Hindi": language names are stored lower case (§3.2). */
export const titleCase = (s: string): string => s.replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());
