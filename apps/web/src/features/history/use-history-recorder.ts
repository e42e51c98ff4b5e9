import { createListenTracker } from '@lyra/player-core/listen-count';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { thisDeviceId } from '../../shared/lib/device-id.js';
import { useSessionStore } from '../auth/index.js';
import { usePlayerStore } from '../player/index.js';
import { recordPlay } from './history-api.js';
import { historyKey } from './history-queries.js';
import { dueForSave, withNowPlaying } from './now-playing-prefs.js';

/**
 * For a signed-in listener: every play that passes half the song or 4
 * minutes becomes a History document (listen-count.ts), and the current song
 * and position are saved in the account's preferences every 10 s while
 * playing and at once on pause, so another device can offer to continue.
 * Radio stations (live streams) are left out of both.
 */
export function useHistoryRecorder(): void {
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const tracker = createListenTracker();
    let lastSavedAt = 0;
    /** The newest position to write; one write at a time, the latest wins. */
    let pending: { songId: string; positionS: number } | null = null;
    let saving = false;
    const report = (what: string) => (e: unknown) => console.warn(`${what} failed:`, describeFailure(e).message);

    const record = async (songId: string) => {
      await recordPlay(await backend(), userId, songId);
      await queryClient.invalidateQueries({ queryKey: historyKey(userId) });
    };
    const save = async () => {
      if (saving) return;
      saving = true;
      try {
        while (pending) {
          const { songId, positionS } = pending;
          pending = null;
          const api = await backend();
          await api.updatePrefs(withNowPlaying(await api.getPrefs(), { songId, positionS, savedAt: Date.now(), deviceId: thisDeviceId() }));
        }
      } finally {
        saving = false;
      }
    };

    return usePlayerStore.subscribe((s, prev) => {
      const song = s.queue[s.currentIndex];
      // A live stream (a radio station) is neither a play to count nor a place to continue from.
      if (!song || song.live) return;
      if (s.positionS !== prev.positionS && tracker.sample(song.id, s.positionS, s.durationS, s.isPlaying)) {
        void record(song.id).catch(report('Recording a play'));
      }
      const paused = prev.isPlaying && !s.isPlaying;
      if ((s.isPlaying || paused) && s.positionS > 0 && dueForSave(lastSavedAt, Date.now(), paused)) {
        lastSavedAt = Date.now();
        pending = { songId: song.id, positionS: s.positionS };
        void save().catch(report('Saving the position'));
      }
    });
  }, [userId, backend, queryClient]);
}
