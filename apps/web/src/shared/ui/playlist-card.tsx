import type { SearchPlaylist } from '@lyra/contracts/catalogue';
import { coverUrl, decodeEntities } from '../lib/song-view.js';
import { CoverImage } from './cover-image.js';

/** A catalogue playlist's card text: language and song count (SPEC#search-albums). */
function playlistMeta(p: Pick<SearchPlaylist, 'language' | 'songCount'>): string {
  const parts = [];
  if (p.language) parts.push(p.language.charAt(0).toUpperCase() + p.language.slice(1));
  if (typeof p.songCount === 'number') parts.push(`${p.songCount} ${p.songCount === 1 ? 'song' : 'songs'}`);
  return parts.join(' · ');
}

/**
 * A catalogue playlist's card (Home's rows, Search's results): cover, name,
 * language and song count; a tap opens it. The card names its width and the
 * cover's size in pixels.
 */
export function PlaylistCard({ playlist, onOpen, width, coverPx }: { playlist: SearchPlaylist; onOpen: () => void; width: string; coverPx: number }) {
  return (
    <button type="button" onClick={onOpen} data-playlist-id={playlist.id} className={`block ${width} text-left`}>
      <CoverImage src={coverUrl(playlist.image)} size={coverPx} className="aspect-square w-full rounded-lg" />
      <span className="mt-1.5 block truncate text-sm font-medium">{decodeEntities(playlist.name)}</span>
      <span className="block truncate text-xs text-muted">{playlistMeta(playlist)}</span>
    </button>
  );
}
