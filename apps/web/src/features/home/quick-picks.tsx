import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useEffect } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection } from './home-section.js';
import { QUICK_PICKS, quickPicksQuery } from './home-queries.js';
import { chunk } from './row-pages.js';
import { SongRows } from './song-rows.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/**
 * SPEC#home-top-bottom-shown Quick Picks: 15 songs in a carousel of groups of 5 with 'Play all'.
 * On error the section hides and the reason is logged (SPEC#errors-quick-picks).
 */
export function QuickPicks({ title, ready }: { title: string; ready: boolean }) {
  const { data, error } = useQuery(quickPicksQuery(useCatalogue(), ready));
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  useEffect(() => {
    if (error) console.error(error.message);
  }, [error]);
  const songs = (data ?? []).slice(0, QUICK_PICKS.COUNT);
  if (error || songs.length === 0) return null;
  return (
    <HomeSection
      id="quick-picks"
      title={title}
      deferred
      placeholderPx={300}
      action={
        <button
          type="button"
          onClick={() => commands.playListAt(songs, 0)}
          className={accentButton('flex items-center gap-1 px-3 py-1.5 text-sm')}
        >
          <Play className="size-4" aria-hidden />
          Play all
        </button>
      }
    >
      <div className="flex snap-x snap-mandatory gap-3 overflow-x-auto [scrollbar-width:none]">
        {chunk(songs, QUICK_PICKS.GROUP).map((group, g) => (
          <ul key={g} aria-label={`Quick Picks ${g + 1} of ${Math.ceil(songs.length / QUICK_PICKS.GROUP)}`} className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.375rem)]">
            <SongRows songs={group} first={g * QUICK_PICKS.GROUP} currentId={currentId} play={(i) => commands.playListAt(songs, i)} />
          </ul>
        ))}
      </div>
    </HomeSection>
  );
}
