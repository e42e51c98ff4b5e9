import { formatTime } from '@lyra/player-core/time-format';
import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { coverUrl, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { thisDeviceId } from '../../shared/lib/device-id.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { useSessionUser } from '../auth/index.js';
import { nowPlayingQuery } from '../history/index.js';
import { commands, usePlayerStore } from '../player/index.js';

/**
 * Continue listening: the song and position the listener last saved on any
 * device (account preferences), unless it is what plays here already, or this
 * open app saved it and has moved on to another song (the listener left it
 * here; offering it back would put a card above the row they just tapped).
 * One tap plays it from there.
 */
export function ContinueListening() {
  const user = useSessionUser();
  const backend = useBackend();
  const catalogue = useCatalogue();
  const saved = useQuery({ ...nowPlayingQuery(backend, user?.$id ?? ''), enabled: !!user }).data;
  const song = useQuery({ ...songQuery(catalogue, saved?.songId ?? ''), enabled: !!saved }).data;
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  if (!user || !saved || !song || currentId === saved.songId || (currentId !== undefined && saved.deviceId === thisDeviceId())) return null;
  const durationS = song.duration ?? 0;
  const percent = durationS > 0 ? Math.min(100, (saved.positionS / durationS) * 100) : 0;
  return (
    <section aria-labelledby="home-continue" className="mb-6 px-2">
      <h2 id="home-continue" className="pb-2 text-lg font-semibold">
        Continue listening
      </h2>
      <button
        type="button"
        onClick={() => commands.playFrom(song, saved.positionS)}
        className="flex w-full max-w-xl items-center gap-3 rounded-xl bg-panel p-2 text-left hover:bg-raised"
        aria-label={`Continue ${songTitle(song)} from ${formatTime(saved.positionS)}`}
      >
        <CoverImage src={coverUrl(song.image, 1)} size={64} className="size-16 shrink-0 rounded-lg" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{songTitle(song)}</span>
          <span className="block truncate text-sm text-muted">{primaryArtistNames(song)}</span>
          <span className="mt-1.5 flex items-center gap-2 text-xs text-muted tabular-nums">
            <span className="h-1 flex-1 overflow-hidden rounded-full bg-white/15">
              <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
            </span>
            {formatTime(saved.positionS)} / {formatTime(durationS)}
          </span>
        </span>
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent text-white">
          <Play className="size-5 fill-white" aria-hidden />
        </span>
      </button>
    </section>
  );
}
