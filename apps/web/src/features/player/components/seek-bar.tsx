import { SeekSlider } from '../../../shared/ui/seek-slider.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/**
 * SPEC#player-full-screen-blurred: seek slider (1 % steps) with elapsed and total time as m:ss, 0:00 when unknown. A live
 * stream (a radio station) has neither: it says Live instead.
 */
export function SeekBar() {
  const live = usePlayerStore((s) => s.queue[s.currentIndex]?.live === true);
  return live ? <p className="w-full py-1 text-center text-xs font-semibold tracking-wide text-white/80 uppercase">Live</p> : <SongSeekBar />;
}

function SongSeekBar() {
  const positionS = usePlayerStore((s) => s.positionS);
  const durationS = usePlayerStore((s) => s.durationS);
  return <SeekSlider positionS={positionS} durationS={durationS} onSeek={(s) => commands.seekTo(s)} />;
}
