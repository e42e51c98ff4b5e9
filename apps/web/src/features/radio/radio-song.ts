import type { Song } from '@lyra/contracts/catalogue';
import type { RadioStation } from '@lyra/contracts/radio';
import { playerSong } from '../../shared/lib/player-song.js';

/** The relayed audio of a station, under the catalogue's base (`/api`). */
export const radioStreamPath = (base: string, stationId: string): string =>
  `${base.replace(/\/+$/, '')}/radio/${encodeURIComponent(stationId)}/stream`;

/** The player's id of a station: never a catalogue song's. */
export const radioSongId = (stationId: string): string => `radio-${stationId}`;

/** A station as the player queues it: a live song (no length, no album, no artists) playing the relay, with its cover. */
export function radioSong(station: RadioStation, base: string): Song {
  return playerSong({ id: radioSongId(station.id), name: station.name, audioUrl: radioStreamPath(base, station.id), imageUrl: station.image, duration: null, live: true });
}
