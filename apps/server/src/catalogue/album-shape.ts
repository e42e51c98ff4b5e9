import type { Album, ArtistGroups, SearchAlbum, Song } from '@lyra/contracts/catalogue';
import { entityUrl } from './entity-urls.js';
import { coverOrGenerated } from './media/generated-cover.js';
import type { AlbumArtistRow, AlbumRow } from './store/albums.sql.js';
import { artistRef, imageLinks, titleCase } from './wire-links.js';

/**
 * Album artists: the album artist tag, else the tracks' main performers.
 * Album-level `all[]` credits carry an empty role, as the reference's do (§3.7).
 */
export function albumArtists(base: string, album: AlbumRow, trackArtists: readonly AlbumArtistRow[]): ArtistGroups {
  const people = album.artist_id
    ? [{ id: album.artist_id, name: album.artist_name ?? '', cover_id: album.artist_cover_id }]
    : trackArtists.filter((a) => a.album_id === album.id);
  return {
    primary: people.map((p) => artistRef(base, p, 'primary_artists')),
    featured: [],
    all: people.map((p) => artistRef(base, p, '')),
  };
}

/** "2021 · English Album · Mira Solen" (§3.7); missing parts are left out. */
export function albumDescription(year: number | null, language: string, artists: ArtistGroups): string {
  const kind = `${language ? titleCase(language) + ' ' : ''}Album`;
  const by = artists.primary.map((a) => a.name).join(', ');
  return [year == null ? '' : String(year), kind, by].filter(Boolean).join(' · ');
}

export function toSearchAlbum(base: string, a: AlbumRow, artists: ArtistGroups): SearchAlbum {
  return {
    id: a.id,
    name: a.name,
    description: albumDescription(a.year, a.language, artists),
    url: entityUrl(base, 'album', a.name, a.id),
    year: a.year,
    type: 'album',
    playCount: a.play_count,
    language: a.language,
    explicitContent: a.explicit,
    artists,
    image: imageLinks(base, coverOrGenerated(a.cover_id, a.id, a.name)),
  };
}

/** The Album of §3.7; `songs` null makes it a summary (artist pages). */
export function toAlbum(base: string, a: AlbumRow, artists: ArtistGroups, songs: Song[] | null): Album {
  const { id, name, description, type, year, playCount, language, explicitContent, url, image } = toSearchAlbum(
    base,
    a,
    artists,
  );
  return {
    id,
    name,
    description,
    type,
    year,
    playCount,
    language,
    explicitContent,
    url,
    songCount: a.song_count,
    artists,
    image,
    songs,
  };
}
