import type { HomeSongRow } from '@lyra/contracts/catalogue';
import { Link } from 'react-router';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection, HorizontalList } from './home-section.js';
import { SongRows } from './song-rows.js';
import { FIRST_SCREEN_TILES, SongTile } from './song-tile.js';

/**
 * A curated song row (Top Hits, English hots, Most Searched, the artist and
 * language rows): horizontal cards, or a list when the row asks for one. A tap
 * queues the song plus the next 9 and plays (SPEC#limits-player). A row cut at its limit whose
 * source has a page of its own (the server's `seeAll`) links to it with 'See all'.
 */
export function CuratedSongRow({ row, deferred = false }: { row: HomeSongRow; deferred?: boolean }) {
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  const songs = row.songs.slice(0, row.limit);
  if (songs.length === 0) return null;
  return (
    <HomeSection
      id={row.id}
      title={row.title}
      deferred={deferred}
      placeholderPx={row.layout === 'list' ? songs.length * 60 : 196}
      action={
        row.seeAll && row.songs.length >= row.limit ? (
          <Link to={row.seeAll} className="text-sm font-medium text-muted hover:text-white" aria-label={`See all: ${row.title}`}>
            See all
          </Link>
        ) : undefined
      }
    >
      {row.layout === 'list' ? (
        <ul>
          <SongRows songs={songs} currentId={currentId} play={(i) => commands.playListRow(songs, i)} />
        </ul>
      ) : (
        <HorizontalList>
          {songs.map((song, i) => (
            <li key={song.id} className="w-36 shrink-0 snap-start">
              <SongTile song={song} isCurrent={song.id === currentId} priority={!deferred && i < FIRST_SCREEN_TILES} onPlay={() => commands.playListRow(songs, i)} />
            </li>
          ))}
        </HorizontalList>
      )}
    </HomeSection>
  );
}
