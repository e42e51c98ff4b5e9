import type { Song } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Image, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { backendAddress } from '../../shared/lib/backend-address.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { songTitle } from '../../shared/lib/song-view.js';
import { signInToast } from '../../shared/lib/toasts.js';
import { useSessionUser } from '../auth/index.js';
import { playerEngine } from '../player/index.js';
import { songVideoQuery } from './song-video.js';
import { SyncedVideo } from './synced-video.js';
import { useIsVideoMode, useVideoModeStore } from './video-mode-store.js';

/**
 * The player's cover or its video preview (SPEC#player-full-screen-blurred, SPEC#states-video-mode). When the song has a
 * preview with its own audio, an overlay offers 'Switch to video' (signed in
 * only: 'Sign in for video previews') and back 'Switch to image'. Turning
 * video on moves the sound to the preview's audio at the same position.
 */
export function VideoCover({ song, children }: { song: Song; children: ReactNode }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const backend = useBackend();
  const { data } = useQuery(songVideoQuery(backend, song.id));
  const isVideo = useIsVideoMode(song.id);
  const { backendEndpoint } = useClientConfig();
  // Documents hold site-relative addresses: resolved against the backend this app talks to.
  const audioUrl = data?.hasVideo && data.audio_url ? backendAddress(data.audio_url, backendEndpoint) : null;

  const toggle = () => {
    if (isVideo) return useVideoModeStore.getState().setVideoFor(null);
    if (!user) return signInToast('Sign in for video previews', navigate);
    if (!data || !audioUrl) return;
    useVideoModeStore.getState().setVideoFor(song.id);
    playerEngine()?.swapSource(audioUrl);
  };

  return (
    <div className="relative">
      {isVideo && data ? <SyncedVideo src={backendAddress(data.aws_url, backendEndpoint)} title={songTitle(song)} /> : children}
      {audioUrl && (
        <button
          type="button"
          onClick={toggle}
          className="absolute right-3 bottom-3 flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1.5 text-sm font-medium text-white backdrop-blur hover:bg-black/85 sm:right-[calc(50%-10rem)]"
        >
          {isVideo ? <Image className="size-4" aria-hidden /> : <Video className="size-4" aria-hidden />}
          {isVideo ? 'Switch to image' : 'Switch to video'}
        </button>
      )}
    </div>
  );
}
