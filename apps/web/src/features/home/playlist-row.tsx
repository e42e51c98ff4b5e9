import type { HomePlaylistRow } from '@lyra/contracts/catalogue';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlaylistCard } from '../../shared/ui/playlist-card.js';
import { useCategoryStore } from '../collection/index.js';
import { HomeSection, HorizontalList } from './home-section.js';
import { firstReveal, revealMore } from './row-pages.js';
import { useEndInView } from './use-end-in-view.js';

/** SPEC#limits-curated-rows: a playlist row shows 7, then 7 more when its end is scrolled into view. */
export const PLAYLIST_ROW = { FIRST: 7, STEP: 7 } as const;

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
              width="w-36"
              coverPx={144}
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
