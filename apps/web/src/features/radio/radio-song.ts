import type { Song } from '@lyra/contracts/catalogue';
import type { RadioStation } from '@lyra/contracts/radio';

/** The relayed audio of a station, under the catalogue's base (`/api`). */
export const radioStreamPath = (base: string, stationId: string): string =>
  `${base.replace(/\/+$/, '')}/radio/${encodeURIComponent(stationId)}/stream`;

/** The player's id of a station: never a catalogue song's. */
export const radioSongId = (stationId: string): string => `radio-${stationId}`;

/** A station as the player queues it: a live song (no length, no album, no artists) playing the relay. */
export function radioSong(station: RadioStation, base: string): Song {
  return {
    id: radioSongId(station.id),
    name: station.name,
    type: 'song',
    year: null,
    releaseDate: null,
    duration: null,
    label: null,
    explicitContent: false,
    playCount: null,
    language: '',
    hasLyrics: false,
    lyricsId: null,
    url: '',
    copyright: null,
    album: { id: null, name: null, url: null },
    artists: { primary: [], featured: [], all: [] },
    image: [],
    downloadUrl: [{ quality: '320kbps', url: radioStreamPath(base, station.id) }],
    live: true,
  };
}
