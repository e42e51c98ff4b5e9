import type { Song } from '@lyra/contracts/catalogue';

/** What the player needs of a song that is not a catalogue answer (a shared song, a radio station). */
export interface PlayerSongParts {
  id: string;
  name: string;
  /** The audio's address. */
  audioUrl: string;
  /** Seconds, or null when unknown (a live stream). */
  duration: number | null;
  /** The cover's address, if there is one. */
  imageUrl?: string;
  album?: string | null;
  /** The one artist's name, if any. */
  artist?: string | null;
  /** A live stream: no end, no seeking. */
  live?: boolean;
}

/**
 * A song the player queues that came from elsewhere than the catalogue's song
 * answers: every catalogue field it has no value for is empty.
 */
export function playerSong(p: PlayerSongParts): Song {
  const artist = p.artist ? [{ id: '', name: p.artist, role: 'primary_artists', type: 'artist' as const, image: [], url: '' }] : [];
  return {
    id: p.id,
    name: p.name,
    type: 'song',
    year: null,
    releaseDate: null,
    duration: p.duration,
    label: null,
    explicitContent: false,
    playCount: null,
    language: '',
    hasLyrics: false,
    lyricsId: null,
    url: '',
    copyright: null,
    album: { id: null, name: p.album || null, url: null },
    artists: { primary: artist, featured: [], all: artist },
    image: p.imageUrl ? [{ quality: '500x500', url: p.imageUrl }] : [],
    downloadUrl: [{ quality: '320kbps', url: p.audioUrl }],
    ...(p.live ? { live: true } : {}),
  };
}
