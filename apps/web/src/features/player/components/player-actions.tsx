import { useQueryClient } from '@tanstack/react-query';
import { Download, ListMusic, Sparkles, Video } from 'lucide-react';
import { useCatalogue } from '../../../shared/lib/catalogue-context.js';
import { Spinner } from '../../../shared/ui/spinner.js';
import { useSessionUser } from '../../auth/index.js';
import { useDownloadAction } from '../../download/index.js';
import { AddToPlaylistMenu } from '../../playlists/ui.js';
import { useVideoRequestAction } from '../../video-request/index.js';
import { useCurrentSong, usePlayerStore } from '../player-store.js';
import { requestSongSuggestions } from '../song-suggestions.js';
import { AutoTooltip } from './auto-tooltip.js';
import { FavoriteButton } from './favorite-button.js';

const iconButton = 'grid size-11 place-items-center rounded-full hover:bg-white/10';

/**
 * The player's secondary actions (SPEC#player-full-screen-blurred): favourite, add to playlist,
 * request a video preview (when the song has none), download, song
 * suggestions, queue (where it is not shown already). Signed out, the
 * account-only ones answer with SPEC#roles-anonymous-visitor's sign-in prompts.
 */
export function PlayerActions({ onOpenQueue }: { onOpenQueue?: () => void }) {
  const catalogue = useCatalogue();
  const queryClient = useQueryClient();
  const isLastOrSingle = usePlayerStore((s) => s.currentIndex >= s.queue.length - 1);
  const signedIn = useSessionUser() != null;
  const song = useCurrentSong();
  const videoRequest = useVideoRequestAction(song);
  const download = useDownloadAction(song);

  return (
    // The margins leave room for the tooltips that open at load above and below the row.
    <div className="my-2.5 flex items-center justify-between">
      <FavoriteButton variant="player" className="hover:bg-white/10" />
      <AddToPlaylistMenu songId={song?.id ?? ''} className={iconButton} />
      {videoRequest.visible && (
        <AutoTooltip label="Request a video preview">
          <button type="button" aria-label="Request video preview" disabled={videoRequest.busy} className={iconButton} onClick={videoRequest.request}>
            <Video className="size-5" aria-hidden />
          </button>
        </AutoTooltip>
      )}
      <button type="button" aria-label="Download song" aria-busy={download.busy} className={iconButton} onClick={download.download}>
        {download.busy ? <Spinner /> : <Download className="size-5" aria-hidden />}
      </button>
      <AutoTooltip label={isLastOrSingle ? 'Not available for last/single song' : 'Get song suggestions'} side="bottom" align="end">
        <button
          type="button"
          aria-label="Song suggestions"
          className={iconButton}
          onClick={() => void requestSongSuggestions({ catalogue, queryClient, signedIn })}
        >
          <Sparkles className="size-5" aria-hidden />
        </button>
      </AutoTooltip>
      {onOpenQueue && (
        <button type="button" aria-label="Open queue" className={iconButton} onClick={onOpenQueue}>
          <ListMusic className="size-5" aria-hidden />
        </button>
      )}
    </div>
  );
}
