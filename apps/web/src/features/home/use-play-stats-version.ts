import { usePlayerStore } from '../player/index.js';

/**
 * Changes whenever a play may have been recorded (the player writes recentSongs
 * and SpeedListSongs when a song starts), so Home re-reads them while open.
 */
export function usePlayStatsVersion(): string {
  return usePlayerStore((s) => `${s.queue[s.currentIndex]?.id ?? ''}:${s.isPlaying}:${s.isLoading}`);
}
