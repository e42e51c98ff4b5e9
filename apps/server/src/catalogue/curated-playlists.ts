import { createHash } from 'node:crypto';
import type { Db } from '../db/db.js';
import { deleteCuratedExcept, selectCuratedGroups, writeCuratedPlaylist, type CuratedGroup } from './store/curated.sql.js';
import { titleCase } from './wire-links.js';

/**
 * Catalogue playlists the server makes itself (source 'curated'), so Home's
 * playlist rows have content without any .m3u file: one per genre, decade,
 * language and main artist ("This is <artist>"). Regenerated after every scan;
 * each id derives from what the playlist gathers, so it survives rescans.
 */

/** A group needs this many tracks to become a playlist. */
export const MIN_TRACKS = 3;
/** At most this many playlists of each kind, the biggest groups first. */
export const PER_KIND = 12;
/** Tracks per curated playlist, most played first. */
export const PLAYLIST_SIZE = 50;

/** A 10-digit id like the scanner's playlist ids, from the playlist's kind and key. */
export function curatedPlaylistId(kind: string, key: string): string {
  const n = createHash('sha256').update(`playlist\0curated\0${kind}\0${key.toLowerCase()}`).digest().readUIntBE(0, 6);
  return String(1_000_000_000 + (n % 9_000_000_000));
}

export function curatedName(g: Pick<CuratedGroup, 'kind' | 'label'>): { name: string; description: string } {
  switch (g.kind) {
    case 'genre':
      return { name: `Best of ${g.label}`, description: `The most played ${g.label} songs.` };
    case 'decade':
      return { name: `Best of the ${g.label}s`, description: `Songs released in the ${g.label}s.` };
    case 'artist':
      return { name: `This is ${g.label}`, description: `The essential ${g.label}, all in one playlist.` };
    case 'language':
      return { name: `${titleCase(g.label)} Hits`, description: `The most played ${titleCase(g.label)} songs.` };
  }
}

/** Rewrites every curated playlist in one transaction; returns how many exist now. */
export async function regenerateCuratedPlaylists(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const groups = await selectCuratedGroups(tx, MIN_TRACKS, PER_KIND);
    const ids: string[] = [];
    for (const g of groups) {
      const id = curatedPlaylistId(g.kind, g.key);
      if (ids.includes(id)) continue;
      ids.push(id);
      await writeCuratedPlaylist(tx, { id, ...curatedName(g), kind: g.kind, key: g.key, size: PLAYLIST_SIZE });
    }
    await deleteCuratedExcept(tx, ids);
    return ids.length;
  });
}
