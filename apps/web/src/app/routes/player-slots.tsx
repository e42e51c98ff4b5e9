import { useMemo } from 'react';
import { LyricsPanel } from '../../features/lyrics/index.js';
import type { PlayerSlots } from '../../features/player/components/player-screen.js';
import { PublicLinkMenuItem, usePublicLinkMaker } from '../../features/shares/index.js';
import { useFlame, VideoCover } from '../../features/video-mode/ui.js';
import { songTitle } from '../../shared/lib/song-view.js';
import { usePlayerChromeSlots } from '../shell/player-chrome.js';

/**
 * The player screen's parts from other features: lyrics, video mode's cover and its flame, the Devices button,
 * the room starter, and 'Make a public link' to the song in More options (when the listener may make links).
 */
export function usePlayerSlots(): PlayerSlots {
  const flame = useFlame();
  const { devices, startRoomItem } = usePlayerChromeSlots();
  const { mayShare, make, dialog } = usePublicLinkMaker();
  return useMemo(
    () => ({
      devices,
      startRoomItem,
      lyrics: (song) => <LyricsPanel song={song} />,
      cover: (song, image) => <VideoCover song={song}>{image}</VideoCover>,
      flame,
      songItems: mayShare ? (song, itemClass) => <PublicLinkMenuItem className={itemClass} onSelect={() => make({ id: song.id, name: songTitle(song) })} /> : undefined,
      dialogs: dialog,
    }),
    [flame, devices, startRoomItem, mayShare, make, dialog],
  );
}
