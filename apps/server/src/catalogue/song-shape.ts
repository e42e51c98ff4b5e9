import type { ArtistGroups, Song } from '@lyra/contracts/catalogue';
import { entityUrl } from './entity-urls.js';
import { coverOrGenerated } from './media/generated-cover.js';
import type { CreditRow, TrackRow } from './store/tracks.sql.js';
import { artistRef, creditLabel, downloadLinks, imageLinks } from './wire-links.js';

/** Song.artists from a track's credits, each group in credit order (§2.4: always three arrays). */
export function artistGroups(base: string, credits: readonly CreditRow[]): ArtistGroups {
  const sorted = [...credits].sort((a, b) => a.position - b.position);
  return {
    primary: sorted.filter((c) => c.role === 'primary').map((c) => artistRef(base, toArtist(c), 'primary_artists')),
    featured: sorted.filter((c) => c.role === 'featured').map((c) => artistRef(base, toArtist(c), 'featured_artists')),
    all: sorted.map((c) => artistRef(base, toArtist(c), creditLabel(c.role))),
  };
}

const toArtist = (c: CreditRow) => ({ id: c.artist_id, name: c.name, cover_id: c.cover_id });

/** The Song object of catalogue-api.md §3.5, plus the legacy `primaryArtists` strings (§4.3). */
export function toSong(base: string, t: TrackRow): Song {
  const artists = artistGroups(base, t.credits);
  const year = t.year ?? t.album_year;
  return {
    id: t.id,
    name: t.title,
    type: 'song',
    year: year == null ? null : String(year),
    releaseDate: t.release_date,
    duration: t.duration_s == null ? null : Math.round(t.duration_s),
    label: t.label,
    explicitContent: t.explicit,
    playCount: t.play_count,
    language: t.language,
    hasLyrics: t.has_lyrics,
    lyricsId: t.has_lyrics ? t.id : null,
    url: entityUrl(base, 'song', t.title, t.id),
    copyright: t.copyright,
    album: {
      id: t.album_id,
      name: t.album_name,
      url: t.album_id && t.album_name != null ? entityUrl(base, 'album', t.album_name, t.album_id) : null,
    },
    artists,
    image: imageLinks(base, coverOrGenerated(t.cover_id, t.album_id, t.album_name)),
    downloadUrl: downloadLinks(base, t),
    primaryArtists: artists.primary.map((a) => a.name).join(', '),
    primaryArtistsId: artists.primary.map((a) => a.id).join(', '),
    replayGain:
      t.track_gain_db == null
        ? null
        : { trackGain: t.track_gain_db, trackPeak: t.track_peak, albumGain: t.album_gain_db, albumPeak: t.album_peak },
  };
}
