import type { Song } from '@lyra/contracts/catalogue';
import { SongRow } from '../../shared/ui/song-row.js';
import { commands } from '../player/index.js';

/**
 * Home's songs as rows (Quick Picks, Suggested for You, a curated row shown as a list): the playing
 * one marked, each with "Add to queue". A tap calls `play` with the song's place in the whole list,
 * `first` being the place of `songs[0]` (a column of a longer list).
 */
export function SongRows({ songs, currentId, play, first = 0 }: { songs: readonly Song[]; currentId: string | undefined; play: (index: number) => void; first?: number }) {
  return songs.map((song, i) => (
    <SongRow key={song.id} song={song} isCurrent={song.id === currentId} onPlay={() => play(first + i)} onAddToQueue={() => commands.addToQueue(song)} />
  ));
}
