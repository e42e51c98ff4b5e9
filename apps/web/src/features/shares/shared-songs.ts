import type { Song } from '@lyra/contracts/catalogue';
import { playerSong } from '../../shared/lib/player-song.js';

/** One song of a share as `GET /api/shares/<id>` sends it (catalogue-api.md §8). */
export interface SharedSong {
  id: string;
  title: string;
  artist: string;
  album: string;
  durationS: number | null;
  url: string;
  image: string;
}

/** A share's page data: `description` and `expires` (ISO) are null when unset. */
export interface Share {
  id: string;
  description: string | null;
  expires: string | null;
  songs: SharedSong[];
}

/**
 * A shared song as the player queues it: its audio and cover are the share's
 * addresses (they carry `?share=`, so they open on a private server too).
 */
export function sharedSongToSong(s: SharedSong): Song {
  return playerSong({ id: s.id, name: s.title, audioUrl: s.url, duration: s.durationS, imageUrl: s.image, album: s.album, artist: s.artist });
}

/** "Expires 27 Nov 2026" in the viewer's language and zone, or null for a share without an end. */
export function expiryLabel(expires: string | null, locale?: string): string | null {
  if (!expires) return null;
  const at = new Date(expires);
  if (Number.isNaN(at.getTime())) return null;
  return `Expires ${at.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })}`;
}
