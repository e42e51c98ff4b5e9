import type { Song } from '@lyra/contracts/catalogue';
import { ChevronDown, ListMusic, MicVocal, Share2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '../../../shared/lib/toast.js';
import { coverUrl } from '../../../shared/lib/song-view.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';
import { shareFromPage } from '../share-song.js';
import { albumLink, artistPieces } from '../song-links.js';
import { useBlockReloadKeys, useSwipe } from '../use-player-gestures.js';
import { AutoTooltip, TooltipProvider, useFirstTooltips } from './auto-tooltip.js';
import { PlayerActions } from './player-actions.js';
import type { PlayerChromeSlots } from './player-chrome-slots.js';
import { PlayerMoreMenu } from './player-more-menu.js';
import { PLAYER_COLUMN, PlayerBackdrop, PlayerCover, PlayerTitle } from './player-skeleton.js';
import { QueueDrawer } from './queue-drawer.js';
import { QueueList } from './queue-list.js';
import { SeekBar } from './seek-bar.js';
import { SongNames } from './song-names.js';
import { TransportControls } from './transport-controls.js';
import { VolumeSlider } from './volume-slider.js';

const roundButton = 'grid size-11 place-items-center rounded-full hover:bg-white/10';
const pill =
  'flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold hover:bg-white/20 aria-pressed:bg-white aria-pressed:text-black';

/**
 * What the app layer puts into the player screen from other features, so the player imports none of them:
 * the song's lyrics, the cover as video mode shows it, video mode's flame on the pause button, and
 * the chrome's parts: the Devices button (beside the volume on phones; a desktop's is in its player
 * bar) and "Start a listening room" in More options; More options' items about the song ('Make a public
 * link') and the dialogs they open.
 */
export interface PlayerSlots extends Pick<PlayerChromeSlots, 'devices' | 'startRoomItem'> {
  /** More options' items about `song`, after Share, given the items' class. */
  songItems?: (song: Song, itemClass: string) => ReactNode;
  /** What those items open (a dialog), kept outside the menu, whose items go when it closes. */
  dialogs?: ReactNode;
  /** The song's lyrics: beside the cover on desktops, in its place on phones. */
  lyrics?: (song: Song) => ReactNode;
  /** The cover as shown: `image`, or the song's video in video mode. */
  cover?: (song: Song, image: ReactNode) => ReactNode;
  /** Whether the pause button carries the flame. */
  flame?: boolean;
}

/**
 * SPEC#player-full-screen-blurred: full-screen, blurred cover behind, controls, queue drawer.
 * On a desktop (`wide`) the player bar below holds the transport, the seek
 * bar and the volume, so the screen does not repeat them: the cover and the
 * song on the left, its lyrics or the queue beside them.
 */
export function PlayerScreen({ song, onBack, wide = false, slots = {} }: { song: Song; onBack: () => void; wide?: boolean; slots?: PlayerSlots }) {
  const [queueOpen, setQueueOpen] = useState(false);
  const [lyricsFor, setLyricsFor] = useState<string | null>(null);
  const showLyrics = lyricsFor === song.id;
  const [besideCover, setBesideCover] = useState<'lyrics' | 'queue'>('lyrics');
  const error = usePlayerStore((s) => s.error);
  const swipe = useSwipe(commands.next, commands.previous);
  const autoTooltips = useFirstTooltips();
  useBlockReloadKeys();

  const header = (
    <header className="flex items-center justify-between">
      <button type="button" onClick={onBack} aria-label="Back" className={roundButton}>
        <ChevronDown className="size-7" aria-hidden />
      </button>
      <p className="text-xs font-semibold tracking-widest text-white/80 uppercase">Now playing</p>
      <div className="flex items-center">
        <AutoTooltip label="Share this song" side="bottom" align="end">
          <button type="button" onClick={() => void shareFromPage(song, (m) => toast.success(m))} aria-label="Share song" className={roundButton}>
            <Share2 className="size-5" aria-hidden />
          </button>
        </AutoTooltip>
        <PlayerMoreMenu
          song={song}
          className={roundButton}
          more={(itemClass) => (
            <>
              {slots.songItems?.(song, itemClass)}
              {slots.startRoomItem?.(itemClass)}
            </>
          )}
        />
      </div>
    </header>
  );
  const title = (
    <PlayerTitle
      song={song}
      names={{
        artists: <SongNames pieces={artistPieces(song)} />,
        album: <SongNames pieces={[albumLink(song)]} />,
      }}
    />
  );
  const image = <PlayerCover song={song} wide={wide} />;
  const cover = slots.cover ? slots.cover(song, image) : image;
  const errorLine = error && (
    <p role="alert" className="rounded-lg bg-red-950/80 px-3 py-2 text-center text-sm text-red-100">
      {error}
    </p>
  );

  if (wide) {
    // Lyrics beside the cover when the song has them, else the queue; the listener may switch.
    const panel = song.hasLyrics && besideCover === 'lyrics' ? 'lyrics' : 'queue';
    return (
      <TooltipProvider autoOpen={autoTooltips}>
        <div className="fixed inset-0 left-60 overflow-hidden bg-surface" style={{ bottom: 'var(--player-bar, 0px)' }}>
          <PlayerBackdrop cover={coverUrl(song.image)} />
          <div className="relative mx-auto grid h-full max-w-6xl grid-cols-2 gap-10 px-10 pt-4 pb-6">
            <div className="flex min-h-0 flex-col gap-4 overflow-y-auto">
              {header}
              <div className="mx-auto w-full max-w-[min(32rem,58vh)]">{cover}</div>
              <div className="mx-auto flex w-full max-w-[min(32rem,58vh)] flex-col gap-4">
                {title}
                <PlayerActions />
                {errorLine}
              </div>
            </div>
            <div className="flex min-h-0 flex-col gap-3 rounded-2xl bg-black/25 p-4">
              <div className="flex gap-2">
                {song.hasLyrics && (
                  <button type="button" aria-pressed={panel === 'lyrics'} onClick={() => setBesideCover('lyrics')} className={pill}>
                    <MicVocal className="size-4" aria-hidden /> Lyrics
                  </button>
                )}
                <button type="button" aria-pressed={panel === 'queue'} onClick={() => setBesideCover('queue')} className={pill}>
                  <ListMusic className="size-4" aria-hidden /> Queue
                </button>
              </div>
              {panel === 'lyrics' ? (
                <div className="mx-auto w-full max-w-[min(100%,60vh)]">
                  {slots.lyrics?.(song)}
                </div>
              ) : (
                <QueueList scrollWhen className="min-h-0 flex-1 overflow-y-auto" />
              )}
            </div>
          </div>
          {slots.dialogs}
        </div>
      </TooltipProvider>
    );
  }

  return (
    <TooltipProvider autoOpen={autoTooltips}>
      {/* A desktop shows the wide layout; these keep a narrow one clear of the sidebar and the bar all the same. */}
      <div className="fixed inset-0 overflow-hidden bg-surface lg:left-60 lg:bottom-[var(--player-bar,0px)]">
        <PlayerBackdrop cover={coverUrl(song.image)} />
        <div className={`${PLAYER_COLUMN} overflow-y-auto pb-[max(1rem,env(safe-area-inset-bottom))]`}>
          {header}
          <div {...swipe} className="touch-pan-y py-2" data-testid="player-cover">
            {showLyrics ? slots.lyrics?.(song) : cover}
          </div>
          {title}
          {song.hasLyrics && (
            <button type="button" onClick={() => setLyricsFor(showLyrics ? null : song.id)} aria-pressed={showLyrics} className={`mx-auto ${pill}`}>
              <MicVocal className="size-4" aria-hidden />
              Lyrics
            </button>
          )}
          <PlayerActions onOpenQueue={() => setQueueOpen(true)} />
          <SeekBar />
          <TransportControls flame={slots.flame ?? false} />
          <div className="flex items-center gap-2">
            <VolumeSlider />
            {slots.devices?.(`${roundButton} shrink-0 text-white/85 hover:text-white`)}
          </div>
          {errorLine}
        </div>
        <QueueDrawer open={queueOpen} onOpenChange={setQueueOpen} />
        {slots.dialogs}
      </div>
    </TooltipProvider>
  );
}
