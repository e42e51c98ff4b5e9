import type { Song } from '@lyra/contracts/catalogue';
import { ChevronDown, Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { albumName, coverUrl, primaryArtistNames, songTitle } from '../../../shared/lib/song-view.js';
import { CoverImage } from '../../../shared/ui/cover-image.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';
import { SHARE_MESSAGES, shareSong } from '../share-song.js';
import { useBlockReloadKeys, useSwipe } from '../use-player-gestures.js';
import { AutoTooltip, TooltipProvider } from './auto-tooltip.js';
import { VideoCover } from '../../video-mode/video-cover.js';
import { PlayerActions } from './player-actions.js';
import { QueueDrawer } from './queue-drawer.js';
import { SeekBar } from './seek-bar.js';
import { TransportControls } from './transport-controls.js';
import { VolumeSlider } from './volume-slider.js';

async function share(song: Song) {
  const outcome = await shareSong(song, {
    origin: window.location.origin,
    ...(typeof navigator.share === 'function' ? { share: (d: ShareData) => navigator.share(d) } : {}),
  });
  const message = SHARE_MESSAGES[outcome];
  if (message) toast.success(message);
}

/** SPEC §2 Player: full-screen, blurred cover behind, controls, queue drawer. */
export function PlayerScreen({ song, onBack }: { song: Song; onBack: () => void }) {
  const [queueOpen, setQueueOpen] = useState(false);
  const error = usePlayerStore((s) => s.error);
  const swipe = useSwipe(commands.next, commands.previous);
  useBlockReloadKeys();
  const cover = coverUrl(song.image);
  const title = songTitle(song);

  return (
    <TooltipProvider>
      <div className="fixed inset-0 overflow-hidden bg-surface">
        <img src={cover} alt="" aria-hidden className="absolute inset-0 size-full scale-125 object-cover opacity-45 blur-3xl" />
        <div className="absolute inset-0 bg-gradient-to-b from-black/30 via-black/50 to-black/80" aria-hidden />
        <div className="relative mx-auto flex h-full max-w-md flex-col gap-4 overflow-y-auto px-5 pt-[max(0.75rem,env(safe-area-inset-top))] pb-[max(1rem,env(safe-area-inset-bottom))]">
          <header className="flex items-center justify-between">
            <button type="button" onClick={onBack} aria-label="Back" className="grid size-11 place-items-center rounded-full hover:bg-white/10">
              <ChevronDown className="size-7" aria-hidden />
            </button>
            <p className="text-xs font-semibold tracking-widest text-white/80 uppercase">Now playing</p>
            <AutoTooltip label="Share this song">
              <button type="button" onClick={() => void share(song)} aria-label="Share song" className="grid size-11 place-items-center rounded-full hover:bg-white/10">
                <Share2 className="size-5" aria-hidden />
              </button>
            </AutoTooltip>
          </header>

          <div {...swipe} className="touch-pan-y py-2" data-testid="player-cover">
            <VideoCover song={song}>
              <CoverImage src={cover} alt={`Cover of ${title}`} size={500} priority className="mx-auto aspect-square w-full max-w-[22rem] rounded-2xl shadow-2xl" />
            </VideoCover>
          </div>

          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold" data-testid="player-title">
              {title}
            </h1>
            <p className="truncate text-white/80">{primaryArtistNames(song)}</p>
            <p className="sr-only">Album: {albumName(song)}</p>
          </div>

          <PlayerActions onOpenQueue={() => setQueueOpen(true)} />
          <SeekBar />
          <TransportControls />
          <VolumeSlider />
          {error && (
            <p role="alert" className="rounded-lg bg-red-950/80 px-3 py-2 text-center text-sm text-red-100">
              {error}
            </p>
          )}
        </div>
        <QueueDrawer open={queueOpen} onOpenChange={setQueueOpen} />
      </div>
    </TooltipProvider>
  );
}
