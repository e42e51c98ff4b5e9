import type { Song } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { commands, usePlayerStore } from '../player/index.js';
import { currentLineIndex } from './current-line.js';
import { lyricsQuery } from './lyrics-query.js';

/** After the listener scrolls the lyrics, they are left where they are for this long. */
const HANDS_OFF_MS = 3_000;

/**
 * The lyrics in place of the cover: timed lyrics follow the song, the line
 * being sung highlighted and kept in the middle, and a tap on a line plays
 * from there; untimed lyrics are plain text.
 */
export function LyricsPanel({ song }: { song: Song }) {
  const catalogue = useCatalogue();
  const { data, isPending } = useQuery(lyricsQuery(catalogue, song.id));
  const isCurrentSong = usePlayerStore((s) => s.queue[s.currentIndex]?.id === song.id);
  const positionMs = usePlayerStore((s) => (isCurrentSong ? s.positionS * 1000 : -1));
  const current = data?.synced ? currentLineIndex(data.lines, positionMs) : -1;
  const box = useRef<HTMLOListElement>(null);
  const touchedAt = useRef(0);

  useEffect(() => {
    if (current < 0 || Date.now() - touchedAt.current < HANDS_OFF_MS) return;
    const line = box.current?.children[current] as HTMLElement | undefined;
    line?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [current]);

  if (isPending) {
    return (
      <div className="grid aspect-square w-full place-items-center rounded-2xl bg-black/30">
        <Spinner />
      </div>
    );
  }
  if (!data) {
    return <p className="grid aspect-square w-full place-items-center rounded-2xl bg-black/30 text-white/70">No lyrics for this song</p>;
  }
  return (
    <section aria-label="Lyrics" className="aspect-square w-full overflow-hidden rounded-2xl bg-black/35">
      <ol
        ref={box}
        onWheel={() => (touchedAt.current = Date.now())}
        onTouchMove={() => (touchedAt.current = Date.now())}
        className="h-full space-y-3 overflow-y-auto px-5 py-[40%] text-xl leading-snug font-bold"
      >
        {data.lines.map((line, i) =>
          data.synced ? (
            <li key={i}>
              <button
                type="button"
                onClick={() => {
                  if (isCurrentSong) commands.seekTo((line.startMs ?? 0) / 1000);
                }}
                aria-current={i === current ? 'true' : undefined}
                className={`text-left transition-colors ${i === current ? 'text-white' : i < current ? 'text-white/45' : 'text-white/65 hover:text-white/90'}`}
              >
                {line.text || '♪'}
              </button>
            </li>
          ) : (
            <li key={i} className="text-white/90">
              {line.text}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
