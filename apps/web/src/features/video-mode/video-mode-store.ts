import { create } from 'zustand';

/**
 * SPEC §4 video mode: off by default; on for one song. Moving to another song
 * turns it off, because it names the song it was turned on for.
 */
interface VideoModeState {
  videoFor: string | null;
  setVideoFor(songId: string | null): void;
}

export const useVideoModeStore = create<VideoModeState>()((set) => ({
  videoFor: null,
  setVideoFor: (videoFor) => set({ videoFor }),
}));

export const useIsVideoMode = (songId: string | undefined): boolean => useVideoModeStore((s) => songId != null && s.videoFor === songId);
