import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { local } from '../../shared/lib/storage.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection } from './home-section.js';
import { suggestedForYouQuery } from './home-queries.js';
import { readRecentSongs } from './recent-plays.js';
import { chunk } from './row-pages.js';
import { SUGGESTED, takeSuggestionSeed, updateSuggestionSeeds } from './suggestion-seed.js';

/** Once per page load the stored suggestion index moves on (SPEC §9: cycles modulo 15). */
let seedOfThisVisit: string | null | undefined;
function visitSeed(): string | null {
  if (seedOfThisVisit === undefined) {
    const storage = local();
    const seeds = updateSuggestionSeeds(storage, readRecentSongs(storage).map((s) => s.id));
    seedOfThisVisit = takeSuggestionSeed(storage, seeds);
  }
  return seedOfThisVisit;
}

/** SPEC §2 Suggested for You: 8 songs in two columns of 4 from the stored suggestion song id; hidden when none. */
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
            {column.map((song, i) => (
              <SongRow
                key={song.id}
                song={song}
                isCurrent={song.id === currentId}
                onPlay={() => commands.playListRow(songs, c * SUGGESTED.COLUMN + i)}
                onAddToQueue={() => commands.addToQueue(song)}
              />
            ))}
          </ul>
        ))}
      </div>
    </HomeSection>
  );
}
