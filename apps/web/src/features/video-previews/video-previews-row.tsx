import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { useCatalogue, useClientConfig } from '../../shared/lib/catalogue-context.js';
import { commands, usePlayerStore } from '../player/index.js';
import { FIRST_SCREEN_TILES, HomeSection, HorizontalList, SongTile } from '../home/ui.js';
import { forgetPreviewList, videoPreviewsQuery, type ListPreviewDocuments } from './video-previews-query.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** The blue video badge on each card. */
const VideoBadge = () => (
  <span className="absolute top-1.5 left-1.5 flex items-center gap-1 rounded-full bg-blue-700 px-1.5 py-0.5 text-[0.65rem] font-semibold text-white">
    <Video className="size-3" aria-hidden />
    Video
  </span>
);

/**
 * SPEC#home-video-previews: a horizontal row with a blue video badge; a click
 * plays the song with the row as the queue. On failure or an empty result,
 * a 'Retry to load' button.
 */
export function VideoPreviewsRow({
  featuredSongId,
  list,
  ready = true,
}: {
  featuredSongId: string | null;
  list?: ListPreviewDocuments;
  /** False while the featured song id is still unknown: the row waits, showing its skeleton. */
  ready?: boolean;
}) {
  const catalogue = useCatalogue();
  const config = useClientConfig();
  const queryClient = useQueryClient();
  const options = videoPreviewsQuery(catalogue, config, featuredSongId, { enabled: ready, ...(list ? { list } : {}) });
  const { data, isPending, isError, isFetching } = useQuery(options);
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  const retry = () => {
    forgetPreviewList();
    void queryClient.refetchQueries({ queryKey: options.queryKey, exact: true });
  };
  let body;
  if (isPending) {
    // As tall as the one line of the empty state (what a server without previews shows), so a
    // fresh server's Home does not move; a row of cards, when there are previews, grows from it.
    body = (
      <div role="status" aria-label="Loading video previews" className="mx-2 flex h-7 items-center">
        <div className="h-4 w-48 animate-pulse rounded bg-raised motion-reduce:animate-none" />
      </div>
    );
  } else if (isError || !data || data.length === 0) {
    body = (
      // One line, not a panel the size of the row: a fresh server has no previews, and an empty
      // panel would fill its first screen.
      <div className="mx-2 flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm text-muted">{isError ? 'Failed to fetch video previews' : 'No video previews yet'}</p>
        <button
          type="button"
          onClick={retry}
          disabled={isFetching}
          className={accentButton('h-7 px-3 text-sm disabled:opacity-60')}
        >
          Retry to load
        </button>
      </div>
    );
  } else {
    const songs = data;
    body = (
      <HorizontalList>
        {songs.map((song, i) => (
          <li key={song.id} className="w-36 shrink-0 snap-start">
            <SongTile
              song={song}
              badge={<VideoBadge />}
              isCurrent={song.id === currentId}
              priority={i < FIRST_SCREEN_TILES}
              onPlay={() => commands.playListAt(songs, i)}
            />
          </li>
        ))}
      </HorizontalList>
    );
  }
  return (
    <HomeSection id="video-previews" title="Video Previews">
      {body}
    </HomeSection>
  );
}
