import { useQueryClient } from '@tanstack/react-query';
import { ListMusic, Sparkles, Video } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useCatalogue } from '../../../shared/lib/catalogue-context.js';
import { signInToast } from '../../../shared/lib/toasts.js';
import { useSessionUser } from '../../auth/session-store.js';
import { AddToPlaylistMenu } from '../../playlists/add-to-playlist-menu.js';
import { useCurrentSong, usePlayerStore } from '../player-store.js';
import { requestSongSuggestions } from '../song-suggestions.js';
import { AutoTooltip } from './auto-tooltip.js';
import { FavoriteButton } from './favorite-button.js';

const iconButton = 'grid size-11 place-items-center rounded-full hover:bg-white/10';

/**
 * The player's secondary actions (SPEC §2): favourite, add to playlist,
 * request a video preview, song suggestions, queue. Signed out, the
 * account-only ones answer with SPEC §5/§8's sign-in prompts.
 */
export function PlayerActions({ onOpenQueue }: { onOpenQueue: () => void }) {
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const queryClient = useQueryClient();
  const isLastOrSingle = usePlayerStore((s) => s.currentIndex >= s.queue.length - 1);
  const signedIn = useSessionUser() != null;
  const song = useCurrentSong();

  return (
    <div className="flex items-center justify-between">
      <FavoriteButton variant="player" className="hover:bg-white/10" />
      <AddToPlaylistMenu songId={song?.id ?? ''} className={iconButton} />
      <AutoTooltip label="Request a video preview">
        <button type="button" aria-label="Request video preview" className={iconButton} onClick={() => signInToast('Sign in for video previews', navigate)}>
          <Video className="size-5" aria-hidden />
        </button>
      </AutoTooltip>
      <AutoTooltip label={isLastOrSingle ? 'Not available for last/single song' : 'Get song suggestions'}>
        <button
          type="button"
          aria-label="Song suggestions"
          className={iconButton}
          onClick={() => void requestSongSuggestions({ catalogue, queryClient, signedIn })}
        >
          <Sparkles className="size-5" aria-hidden />
        </button>
      </AutoTooltip>
      <button type="button" aria-label="Open queue" className={iconButton} onClick={onOpenQueue}>
        <ListMusic className="size-5" aria-hidden />
      </button>
    </div>
  );
}
