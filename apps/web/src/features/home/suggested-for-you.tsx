import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { local } from '../../shared/lib/storage.js';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection } from './home-section.js';
import { suggestedForYouQuery } from './home-queries.js';
import { readRecentSongs } from './recent-plays.js';
import { chunk } from './row-pages.js';
import { SongRows } from './song-rows.js';
import { SUGGESTED, takeSuggestionSeed, updateSuggestionSeeds } from './suggestion-seed.js';

/** Once per page load the stored suggestion index moves on (SPEC#limits-suggestions: cycles modulo 15). */
let seedOfThisVisit: string | null | undefined;
function visitSeed(): string | null {
  if (seedOfThisVisit === undefined) {
    const storage = local();
    const seeds = updateSuggestionSeeds(storage, readRecentSongs(storage).map((s) => s.id));
    seedOfThisVisit = takeSuggestionSeed(storage, seeds);
  }
  return seedOfThisVisit;
}

/** SPEC#home-suggested-you: 8 songs in two columns of 4 from the stored suggestion song id; hidden when none. */
export function SuggestedForYou() {
  const [seed] = useState(visitSeed);
  return seed ? <Suggestions seed={seed} /> : null;
}

function Suggestions({ seed }: { seed: string }) {
  const { data } = useQuery(suggestedForYouQuery(useCatalogue(), seed));
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  const songs = (data ?? []).slice(0, SUGGESTED.COUNT);
  if (songs.length === 0) return null;
  return (
    <HomeSection id="suggested" title="Suggested for You">
      <div className="flex snap-x gap-3 overflow-x-auto [scrollbar-width:none]">
        {chunk(songs, SUGGESTED.COLUMN).map((column, c) => (
          <ul key={c} className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.375rem)]">
            <SongRows songs={column} first={c * SUGGESTED.COLUMN} currentId={currentId} play={(i) => commands.playListRow(songs, i)} />
          </ul>
        ))}
      </div>
    </HomeSection>
  );
}
