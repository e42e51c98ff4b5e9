import { create } from 'zustand';
import { readIndex, writeIndex, type OfflineIndex } from './offline-index.js';

export type JobState = 'running' | 'paused' | 'failed';

export interface DownloadJob {
  key: string;
  total: number;
  done: number;
  state: JobState;
  /** Bytes of the song being fetched, so far and in all (0 when the server does not say). */
  songBytes: number;
  songTotal: number;
}

interface OfflineState {
  index: OfflineIndex;
  jobs: Record<string, DownloadJob>;
  setIndex(index: OfflineIndex): void;
  setJob(key: string, job: DownloadJob | null): void;
}

/** The offline index (persisted) and the downloads in progress (this page only). */
export const useOfflineStore = create<OfflineState>((set) => ({
  index: readIndex(),
  jobs: {},
  setIndex(index) {
    writeIndex(index);
    set({ index });
  },
  setJob(key, job) {
    set((s) => {
      const jobs = { ...s.jobs };
      if (job) jobs[key] = job;
      else delete jobs[key];
      return { jobs };
    });
  },
}));

/** True when the song's audio is on this device. */
export const isKeptOffline = (songId: string): boolean => songId in useOfflineStore.getState().index.songs;
