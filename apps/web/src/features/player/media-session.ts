import type { Song } from '@lyra/contracts/catalogue';
import { PLAYER } from '@lyra/player-core/constants';
import { albumName, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';

const ACTIONS = ['play', 'pause', 'seekbackward', 'seekforward', 'previoustrack', 'nexttrack'] as const;

export interface MediaSessionControls {
  play(): void;
  pause(): void;
  seekBy(deltaS: number): void;
  previous(): void;
  next(): void;
}

/**
 * The lock screen and headset controls (SPEC#states-player: play, pause, seek back and
 * forward 10 s, previous, next) and the song shown there. Media Session is a
 * nicety: a browser that refuses an action or the metadata still plays.
 */
export function bindMediaSession(
  ms: MediaSession | undefined,
  createMetadata: ((init: MediaMetadataInit) => MediaMetadata) | undefined,
  controls: MediaSessionControls,
) {
  const setHandler = (action: MediaSessionAction, fn: MediaSessionActionHandler | null) => {
    try {
      ms?.setActionHandler(action, fn);
    } catch {
      // Unsupported action in this browser.
    }
  };
  setHandler('play', () => controls.play());
  setHandler('pause', () => controls.pause());
  setHandler('seekbackward', (d) => controls.seekBy(-(d.seekOffset ?? PLAYER.SEEK_STEP_S)));
  setHandler('seekforward', (d) => controls.seekBy(d.seekOffset ?? PLAYER.SEEK_STEP_S));
  setHandler('previoustrack', () => controls.previous());
  setHandler('nexttrack', () => controls.next());

  return {
    show(song: Song | undefined) {
      if (!ms) return;
      try {
        ms.metadata =
          song && createMetadata
            ? createMetadata({
                title: songTitle(song),
                artist: primaryArtistNames(song),
                album: albumName(song),
                artwork: (song.image ?? []).map((i) => ({ src: i.url, sizes: i.quality })),
              })
            : null;
      } catch {
        // A browser that rejects the metadata still plays.
      }
    },
    state(playbackState: MediaSessionPlaybackState) {
      if (ms) ms.playbackState = playbackState;
    },
    dispose() {
      for (const a of ACTIONS) setHandler(a, null);
    },
  };
}

export type MediaSessionBinding = ReturnType<typeof bindMediaSession>;
