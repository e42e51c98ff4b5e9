import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { local } from '../../shared/lib/storage.js';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection } from './home-section.js';
import { speedListQuery } from './home-queries.js';
import { chunk } from './row-pages.js';
import { readPlayCounts, SPEED_LIST, topSongIds } from './speed-list.js';
import { SongTile } from './song-tile.js';
import { usePlayStatsVersion } from './use-play-stats-version.js';

const Page = ({ children }: { children: ReactNode }) => (
  // SPEC#home-speed-list: 3 columns on mobile, 9 on desktop; each page holds 9.
  <li className="grid w-full shrink-0 snap-start grid-cols-3 gap-3 md:grid-cols-9">{children}</li>
);

/**
 * SPEC#home-speed-list: the 15 most played songs in pages of 9; a click loads the
 * list as the queue and plays. 18 skeleton tiles while loading, SPEC's texts
 * on error, nothing when there is nothing played.
 */
export function SpeedListGrid() {
  const version = usePlayStatsVersion();
  const ids = useMemo(() => topSongIds(readPlayCounts(local())), [version]);
  const catalogue = useCatalogue();
  const { data, isPending, isError } = useQuery({ ...speedListQuery(catalogue, ids), placeholderData: (previous) => previous });
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  if (ids.length === 0) return null;
  let body: ReactNode;
  if (isError && !data) {
    body = (
      <div role="alert" className="px-2 text-center">
        <p className="font-medium">Error loading songs</p>
        <p className="text-sm text-muted">Please try again later</p>
      </div>
    );
  } else if (isPending && !data) {
    body = (
      <ul aria-busy="true" aria-label="Loading Speed List" className="flex snap-x gap-3 overflow-x-auto px-2">
        {chunk(Array.from({ length: SPEED_LIST.SKELETON_TILES }, (_, i) => i), SPEED_LIST.PAGE_SIZE).map((page, p) => (
          <Page key={p}>
            {page.map((i) => (
              <div key={i} data-testid="speed-list-skeleton" className="aspect-square animate-pulse rounded-lg bg-raised motion-reduce:animate-none" />
            ))}
          </Page>
        ))}
      </ul>
    );
  } else {
    const songs = data ?? [];
    if (songs.length === 0) return null;
    body = (
      <ul className="flex snap-x snap-mandatory scroll-px-2 gap-3 overflow-x-auto px-2 pb-2 [scrollbar-width:none]">
        {chunk(songs, SPEED_LIST.PAGE_SIZE).map((page, p) => (
          <Page key={p}>
            {page.map((song, i) => (
              <SongTile
                key={song.id}
                size="sm"
                song={song}
                isCurrent={song.id === currentId}
                onPlay={() => commands.playListAt(songs, p * SPEED_LIST.PAGE_SIZE + i)}
              />
            ))}
          </Page>
        ))}
      </ul>
    );
  }
  return (
    <HomeSection id="speed-list" title="Speed List">
      {body}
    </HomeSection>
  );
}
