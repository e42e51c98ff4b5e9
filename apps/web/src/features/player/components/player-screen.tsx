import type { Song } from '@lyra/contracts/catalogue';
import { ChevronDown, MicVocal, Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../shared/lib/toast.js';
import { coverUrl } from '../../../shared/lib/song-view.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';
import { SHARE_MESSAGES, shareSong } from '../share-song.js';
import { useBlockReloadKeys, useSwipe } from '../use-player-gestures.js';
import { AutoTooltip, TooltipProvider } from './auto-tooltip.js';
import { LyricsPanel } from '../../lyrics/index.js';
import { VideoCover } from '../../video-mode/ui.js';
import { PlayerActions } from './player-actions.js';
import { PLAYER_COLUMN, PlayerBackdrop, PlayerCover, PlayerTitle } from './player-skeleton.js';
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
  const [lyricsFor, setLyricsFor] = useState<string | null>(null);
  const showLyrics = lyricsFor === song.id;
  const error = usePlayerStore((s) => s.error);
  const swipe = useSwipe(commands.next, commands.previous);
  useBlockReloadKeys();

  return (
    <TooltipProvider>
      {/* Desktops keep the sidebar and the player bar around it (app-shell.tsx). */}
      <div className="fixed inset-0 overflow-hidden bg-surface lg:left-60 lg:bottom-[var(--player-bar,0px)]">
        <PlayerBackdrop cover={coverUrl(song.image)} />
        <div className={`${PLAYER_COLUMN} overflow-y-auto pb-[max(1rem,env(safe-area-inset-bottom))]`}>
          <header className="flex items-center justify-between">
            <button type="button" onClick={onBack} aria-label="Back" className="grid size-11 place-items-center rounded-full hover:bg-white/10">
              <ChevronDown className="size-7" aria-hidden />
            </button>
            <p className="text-xs font-semibold tracking-widest text-white/80 uppercase">Now playing</p>
            <AutoTooltip label="Share this song" side="bottom" align="end">
              <button type="button" onClick={() => void share(song)} aria-label="Share song" className="grid size-11 place-items-center rounded-full hover:bg-white/10">
                <Share2 className="size-5" aria-hidden />
              </button>
            </AutoTooltip>
          </header>

          <div {...swipe} className="touch-pan-y py-2" data-testid="player-cover">
            {showLyrics ? (
              <LyricsPanel song={song} />
            ) : (
              <VideoCover song={song}>
                <PlayerCover song={song} />
              </VideoCover>
            )}
          </div>

          <PlayerTitle song={song} />
          {song.hasLyrics && (
            <button
              type="button"
              onClick={() => setLyricsFor(showLyrics ? null : song.id)}
              aria-pressed={showLyrics}
              className="mx-auto flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold hover:bg-white/20 aria-pressed:bg-white aria-pressed:text-black"
            >
              <MicVocal className="size-4" aria-hidden />
              Lyrics
            </button>
          )}

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
