import type { ComponentProps } from 'react';
import { PlayModeButton, PlayPauseButton, SkipButton } from './transport-buttons.js';

/**
 * Shuffle, previous, play/pause, next and repeat in a row (the player screen, the desktop bar),
 * each at the caller's size: `skip` and `mode` are the classes of the skip and play-mode buttons
 * and of their icons.
 */
export function TransportRow({
  className,
  skip,
  mode,
  playPause,
}: {
  className: string;
  skip: { className: string; icon: string };
  mode: { className: string; icon: string };
  playPause: ComponentProps<typeof PlayPauseButton>;
}) {
  return (
    <div className={className}>
      <PlayModeButton mode="shuffle" {...mode} />
      <SkipButton to="previous" {...skip} />
      <PlayPauseButton {...playPause} />
      <SkipButton to="next" {...skip} />
      <PlayModeButton mode="repeat" {...mode} />
    </div>
  );
}
