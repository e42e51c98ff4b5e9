import { create } from 'zustand';
import { usePlayerStore } from '../player/index.js';

/**
 * SPEC#states-video-mode: off by default; on for one song; off again on 'Switch
 * to image' or as soon as the current song changes (coming back to the song
 * later starts with its cover, its audio from the catalogue).
 */
interface VideoModeState {
  videoFor: string | null;
  setVideoFor(songId: string | null): void;
}

export const useVideoModeStore = create<VideoModeState>()((set) => ({
  videoFor: null,
  setVideoFor: (videoFor) => set({ videoFor }),
}));

usePlayerStore.subscribe((state) => {
  const current = state.queue[state.currentIndex]?.id ?? null;
  const { videoFor, setVideoFor } = useVideoModeStore.getState();
  if (videoFor != null && videoFor !== current) setVideoFor(null);
});

export const useIsVideoMode = (songId: string | undefined): boolean => useVideoModeStore((s) => songId != null && s.videoFor === songId);
