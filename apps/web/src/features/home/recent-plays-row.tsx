import type { Song } from '@lyra/contracts/catalogue';
import { useMemo, useState } from 'react';
import { local } from '../../shared/lib/storage.js';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection, HorizontalList } from './home-section.js';
import { moveToFront, readRecentSongs, RECENT_PLAYS, saveRecentSongs } from './recent-plays.js';
import { firstReveal, revealMore } from './row-pages.js';
import { SongTile } from './song-tile.js';
import { useEndInView } from './use-end-in-view.js';
import { usePlayStatsVersion } from './use-play-stats-version.js';

/**
 * SPEC#home-recent-plays: the 10 most recent, 10 more each time the row's end
 * scrolls into view, up to 30. A click plays the song (the row from it on is
 * the queue) and moves it to the front.
 */
export function RecentPlaysRow() {
  const version = usePlayStatsVersion();
  const [moved, setMoved] = useState(0);
  // Re-read when a play may have been recorded or a song was moved.
  const recent = useMemo(() => readRecentSongs(local()), [version, moved]);
  const [shown, setShown] = useState<number>(RECENT_PLAYS.FIRST);
  const visible = firstReveal(recent.length, shown, RECENT_PLAYS.MAX);
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  const end = useEndInView<HTMLLIElement>(() => setShown((n) => revealMore(n, recent.length, RECENT_PLAYS.STEP, RECENT_PLAYS.MAX)), visible, visible < recent.length);
  if (recent.length === 0) return null;
  const play = (song: Song) => {
    const reordered = moveToFront(recent, song);
    saveRecentSongs(local(), reordered);
    setMoved((n) => n + 1);
    commands.playListRow(reordered, 0);
  };
  return (
    <HomeSection id="recent-plays" title="Recent Plays">
      <HorizontalList>
        {recent.slice(0, visible).map((song) => (
          <li key={song.id} className="w-36 shrink-0 snap-start">
            <SongTile song={song} isCurrent={song.id === currentId} onPlay={() => play(song)} />
          </li>
        ))}
        {visible < recent.length && <li ref={end} aria-hidden className="w-px shrink-0" />}
      </HorizontalList>
    </HomeSection>
  );
}
