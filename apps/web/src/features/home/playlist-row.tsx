import type { HomePlaylistRow, SearchPlaylist } from '@lyra/contracts/catalogue';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { useCategoryStore } from '../collection/index.js';
import { HomeSection, HorizontalList } from './home-section.js';
import { firstReveal, revealMore } from './row-pages.js';
import { useEndInView } from './use-end-in-view.js';

/** SPEC §9: a playlist row shows 7, then 7 more when its end is scrolled into view. */
export const PLAYLIST_ROW = { FIRST: 7, STEP: 7 } as const;

/** A catalogue playlist's card text: language and song count (SPEC §2). */
export function playlistMeta(p: Pick<SearchPlaylist, 'language' | 'songCount'>): string {
  const parts = [];
  if (p.language) parts.push(p.language.charAt(0).toUpperCase() + p.language.slice(1));
  if (typeof p.songCount === 'number') parts.push(`${p.songCount} ${p.songCount === 1 ? 'song' : 'songs'}`);
  return parts.join(' · ');
}

export function PlaylistCard({ playlist, onOpen }: { playlist: SearchPlaylist; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} data-playlist-id={playlist.id} className="block w-36 text-left">
      <CoverImage src={coverUrl(playlist.image)} size={144} className="aspect-square w-full rounded-lg" />
      <span className="mt-1.5 block truncate text-sm font-medium">{decodeEntities(playlist.name)}</span>
      <span className="block truncate text-xs text-muted">{playlistMeta(playlist)}</span>
    </button>
  );
}

/** A row of catalogue playlists; a tap sets the category to playlists, stores the url and opens /playlist/{id}. */
export function PlaylistRow({ row }: { row: HomePlaylistRow }) {
  const navigate = useNavigate();
  const open = useCategoryStore((s) => s.openCataloguePlaylist);
  const all = row.playlists;
  const [shown, setShown] = useState<number>(PLAYLIST_ROW.FIRST);
  const visible = firstReveal(all.length, shown);
  const end = useEndInView<HTMLLIElement>(() => setShown((n) => revealMore(n, all.length, PLAYLIST_ROW.STEP)), visible, visible < all.length);
  if (all.length === 0) return null;
  return (
    <HomeSection id={row.id} title={row.title} deferred placeholderPx={196}>
      <HorizontalList>
        {all.slice(0, visible).map((p) => (
          <li key={p.id} className="shrink-0 snap-start">
            <PlaylistCard
              playlist={p}
              onOpen={() => {
                open(p.url);
                void navigate(`/playlist/${encodeURIComponent(p.id)}`);
              }}
            />
          </li>
        ))}
        {visible < all.length && <li ref={end} aria-hidden className="w-px shrink-0" />}
      </HorizontalList>
    </HomeSection>
  );
}
