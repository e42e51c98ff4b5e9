import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../shared/ui/spinner.js';
import { playerEngine, usePlayerStore } from '../player/index.js';

/** SPEC#limits-player: the video is moved to the audio when they drift more than 0.5 s apart. */
export const VIDEO_SYNC_TOLERANCE_S = 0.5;
const SYNC_EVERY_MS = 250;

/** Where a looping video should be for an audio position. */
export function videoTarget(audioS: number, videoDurationS: number): number {
  return Number.isFinite(videoDurationS) && videoDurationS > 0 ? audioS % videoDurationS : audioS;
}

/**
 * The muted, looping preview in place of the cover (SPEC#player-full-screen-blurred, SPEC#states-video-mode): it plays and
 * pauses with the player, follows the audio's position, and shows a spinner
 * until its first frame is ready.
 */
export function SyncedVideo({ src, title }: { src: string; title: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const isPlaying = usePlayerStore((s) => s.isPlaying);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (isPlaying) void v.play().catch(() => {});
    else v.pause();
  }, [isPlaying, ready]);

  useEffect(() => {
    const t = setInterval(() => {
      const v = video.current;
      const engine = playerEngine();
      if (!v || !engine || v.readyState < 1) return;
      const target = videoTarget(engine.positionS(), v.duration);
      if (Math.abs(v.currentTime - target) > VIDEO_SYNC_TOLERANCE_S) v.currentTime = target;
    }, SYNC_EVERY_MS);
    return () => clearInterval(t);
  }, []);

  return (
    <div className="relative mx-auto aspect-square w-full max-w-[22rem] overflow-hidden rounded-2xl bg-black shadow-2xl">
      <video
        ref={video}
        src={src}
        muted
        loop
        playsInline
        preload="auto"
        aria-label={`Video preview of ${title}`}
        data-testid="video-preview"
        onLoadedData={() => setReady(true)}
        className="size-full object-cover"
      />
      {!ready && (
        <div className="absolute inset-0 grid place-items-center bg-black/40">
          <Spinner className="size-10" label="Loading video" />
        </div>
      )}
    </div>
  );
}
