import { useQuery } from '@tanstack/react-query';
import { ListMusic, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { Dialog, Slider } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { coverUrl, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { SeekSlider } from '../../shared/ui/seek-slider.js';
import { DevicesMenu } from './devices-menu.js';
import { useRemote } from './devices-store.js';
import { fetchSongs, remoteQueueKey } from './fetch-songs.js';
import { sendToRemote } from './remote-commands.js';
import { positionNow, type Remote } from './remote-state.js';

/** The clock, ticking twice a second while shown (the remote position moves on). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** The other device's queue: a tap plays that song there. */
function RemoteQueue({ remote, open, onOpenChange }: { remote: Remote; open: boolean; onOpenChange: (o: boolean) => void }) {
  const catalogue = useCatalogue();
  const ids = remote.songIds;
  const songs = useQuery({ queryKey: remoteQueueKey(ids), queryFn: () => fetchSongs(catalogue, ids), enabled: open });
  const current = remote.nowPlaying.value.index;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="sheet-enter fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[75dvh] max-w-xl flex-col rounded-t-2xl bg-panel pb-[env(safe-area-inset-bottom)]">
          <Dialog.Title className="px-4 pt-4 pb-2 text-lg font-bold">Queue on {remote.device.name}</Dialog.Title>
          <Dialog.Description className="sr-only">Pick a song to play it on {remote.device.name}.</Dialog.Description>
          <ul className="overflow-y-auto px-2 pb-3">
            {(songs.data ?? []).map((song, index) => (
              <li key={`${song.id}-${index}`}>
                <button
                  type="button"
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => {
                    onOpenChange(false);
                    void sendToRemote({ command: 'select', index, songId: song.id });
                  }}
                  className={`w-full truncate rounded-lg px-2 py-2 text-left text-sm hover:bg-raised ${index === current ? 'font-semibold text-accent-text' : ''}`}
                >
                  {songTitle(song)}
                </button>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RemoteSeek({ remote, now }: { remote: Remote; now: number }) {
  const durationS = remote.nowPlaying.value.durationMs / 1000;
  const positionS = positionNow(remote.nowPlaying, now) / 1000;
  return <SeekSlider positionS={positionS} durationS={durationS} onSeek={(s) => void sendToRemote({ command: 'seek', positionMs: Math.round(s * 1000) })} />;
}

function RemoteVolume({ remote }: { remote: Remote }) {
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <Slider.Root
      className="relative flex h-5 w-28 touch-none items-center select-none"
      min={0}
      max={100}
      step={1}
      value={[dragging ?? Math.round(remote.nowPlaying.value.volume * 100)]}
      onValueChange={([v]) => setDragging(v ?? 0)}
      onValueCommit={([v]) => {
        setDragging(null);
        void sendToRemote({ command: 'volume', volume: (v ?? 0) / 100 });
      }}
    >
      <Slider.Track className="relative h-1 grow rounded-full bg-white/25">
        <Slider.Range className="absolute h-full rounded-full bg-white" />
      </Slider.Track>
      <Slider.Thumb aria-label="Volume" className="block size-3.5 rounded-full bg-white focus-visible:ring-4 focus-visible:ring-white/40 focus-visible:outline-none" />
    </Slider.Root>
  );
}

/**
 * SPEC#devices-signed-every-open: while another of the listener's devices plays, this one shows
 * what it plays (cover, title, the position moving) in place of its own
 * player, and its controls drive that device.
 */
export function RemotePlayer() {
  const remote = useRemote();
  const catalogue = useCatalogue();
  const now = useNow();
  const [queueOpen, setQueueOpen] = useState(false);
  const np = remote?.nowPlaying.value;
  const song = useQuery({ ...songQuery(catalogue, np?.songId ?? ''), enabled: np !== undefined });
  if (!remote || !np) return null;
  const title = song.data ? songTitle(song.data) : '';
  const side = 'grid size-10 place-items-center rounded-full text-white/85 hover:text-white disabled:opacity-35';
  const last = remote.songIds.length - 1;
  return (
    <section
      aria-label={`Playing on ${remote.device.name}`}
      className="fixed inset-x-2 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-40 mx-auto grid max-w-xl grid-cols-1 gap-2 rounded-xl border border-line bg-panel p-2 lg:inset-x-0 lg:bottom-0 lg:max-w-none lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] lg:items-center lg:gap-6 lg:rounded-none lg:border-x-0 lg:border-b-0 lg:px-4 lg:py-3"
    >
      <div className="flex min-w-0 items-center gap-3">
        <CoverImage src={song.data ? coverUrl(song.data.image, 1) : ''} size={48} className="size-12 shrink-0 rounded-md" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold" data-testid="remote-title">
            {title}
          </span>
          <span className="block truncate text-xs text-muted">{song.data ? primaryArtistNames(song.data) : ''}</span>
          <span className="block truncate text-xs font-semibold text-accent-text">Playing on {remote.device.name}</span>
        </span>
      </div>
      <div className="flex min-w-0 flex-col items-center">
        <div className="flex items-center gap-4">
          <button type="button" aria-label="Previous song" disabled={np.index <= 0} onClick={() => void sendToRemote({ command: 'previous' })} className={side}>
            <SkipBack className="size-5 fill-current" aria-hidden />
          </button>
          <button
            type="button"
            aria-label={np.playing ? 'Pause' : 'Play'}
            onClick={() => void sendToRemote({ command: np.playing ? 'pause' : 'play' })}
            className="grid size-10 place-items-center rounded-full bg-white text-black hover:scale-105 motion-reduce:hover:scale-100"
          >
            {np.playing ? <Pause className="size-5 fill-black" aria-hidden /> : <Play className="size-5 translate-x-px fill-black" aria-hidden />}
          </button>
          <button type="button" aria-label="Next song" disabled={np.index >= last} onClick={() => void sendToRemote({ command: 'next' })} className={side}>
            <SkipForward className="size-5 fill-current" aria-hidden />
          </button>
        </div>
        <div className="w-full max-w-xl">
          <RemoteSeek remote={remote} now={now} />
        </div>
      </div>
      <div className="flex items-center justify-end gap-3">
        <DevicesMenu className={side} />
        <button type="button" onClick={() => setQueueOpen(true)} aria-label="Queue" className={side}>
          <ListMusic className="size-5" aria-hidden />
        </button>
        <div className="hidden lg:block">
          <RemoteVolume remote={remote} />
        </div>
      </div>
      <RemoteQueue remote={remote} open={queueOpen} onOpenChange={setQueueOpen} />
    </section>
  );
}
