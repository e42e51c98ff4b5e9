import type { Song } from '@lyra/contracts/catalogue';
import { PLAYER } from '@lyra/player-core/constants';
import {
  addToQueue,
  dropSongs,
  emptyQueue,
  next,
  previous,
  queueFromListRow,
  removeAt,
  restoreQueue,
  select,
  selectById,
  setQueue,
  type QueueState,
} from '@lyra/player-core/queue';
import { afterSongEnds, DEFAULT_REPEAT, isRepeatMode, nextRepeatMode, shuffleQueue, unshuffleQueue, type RepeatMode } from '@lyra/player-core/play-order';
import { appendSuggestions, rememberPlayed, replaceWithSuggestions } from '@lyra/player-core/suggestions';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Player state (SPEC#entities-player-state "Player state"). The rules live in player-core; the
 * actions only call them. Only the queue, the current song id, the song
 * whose suggestions were fetched, repeat and shuffle survive a reload
 * (sessionStorage, SPEC#entities-local-storage-keys).
 */
export interface PlayerState extends QueueState<Song> {
  volume: number;
  isPlaying: boolean;
  isLoading: boolean;
  /** SPEC#errors-media-errors message of the last stop, if any. */
  error: string | null;
  positionS: number;
  durationS: number;
  playedIds: string[];
  suggestedFor: string | null;
  /** What follows a song that plays to its end (player-core's play-order.ts); 'all' by default. */
  repeat: RepeatMode;
  /** Shuffle is on: the queue was reordered, and `unshuffledOrder` holds its order from before. */
  shuffle: boolean;
  unshuffledOrder: string[] | null;
  actions: PlayerActions;
}

export interface PlayerActions {
  /** Replaces the queue and starts at `index`. */
  playQueue(songs: readonly Song[], index: number, play?: boolean): void;
  /** SPEC#list-screen-shared-screen-songs: a list row queues the tapped song plus the next 9 and plays it. */
  playListRow(list: readonly Song[], index: number): void;
  /** SPEC#player-optional-query-parameter `?share`: the song becomes current and queued, paused. */
  openPaused(song: Song): void;
  addToQueue(song: Song): void;
  next(): void;
  previous(): void;
  /** The current song played to its end: repeat and the queue say what follows, and whether it plays. */
  songEnded(): void;
  toggleShuffle(): void;
  /** Repeat all, then one, then off. */
  cycleRepeat(): void;
  select(index: number): void;
  removeAt(index: number): void;
  /**
   * Songs that left the library leave the queue; returns those taken out. The current one
   * stays only with `keepCurrent` (it plays from a decoded copy); else the next one takes its
   * place, playing if it was, and an emptied queue stops.
   */
  removeSongs(ids: readonly string[], keepCurrent?: boolean): Song[];
  appendSuggestions(songs: readonly Song[]): void;
  /** The suggestions button: the current song then the new songs; returns how many were added. */
  replaceWithSuggestions(songs: readonly Song[]): number;
  markSuggestedFor(id: string): void;
  notePlayed(id: string): void;
  setPlaying(isPlaying: boolean): void;
  setLoading(isLoading: boolean): void;
  setError(message: string | null): void;
  setVolume(volume: number): void;
  setProgress(positionS: number, durationS: number): void;
}

type Persisted = {
  queue: Song[];
  currentId: string | null;
  suggestedFor: string | null;
  repeat?: RepeatMode;
  unshuffledOrder?: string[] | null;
};

const queueOf = (s: PlayerState): QueueState<Song> => ({ queue: s.queue, currentIndex: s.currentIndex });

export const usePlayerStore = create<PlayerState>()(
  persist(
    (set, get) => {
      const apply = (q: QueueState<Song>, extra: Partial<PlayerState> = {}) =>
        set({ queue: q.queue as Song[], currentIndex: q.currentIndex, ...extra });
      /** A new queue keeps shuffle on: the first song plays first, the others in a random order. */
      const fresh = (q: QueueState<Song>) =>
        get().shuffle ? { q: shuffleQueue(q), order: { unshuffledOrder: q.queue.map((s) => s.id) } } : { q, order: {} };
      const changeSong = (q: QueueState<Song>, extra: Partial<PlayerState> = {}) => {
        const before = get().queue[get().currentIndex]?.id;
        const after = q.queue[q.currentIndex]?.id;
        apply(q, before === after ? extra : { positionS: 0, durationS: 0, error: null, ...extra });
      };
      return {
        ...emptyQueue<Song>(),
        volume: PLAYER.DEFAULT_VOLUME,
        isPlaying: false,
        isLoading: false,
        error: null,
        positionS: 0,
        durationS: 0,
        playedIds: [],
        suggestedFor: null,
        repeat: DEFAULT_REPEAT,
        shuffle: false,
        unshuffledOrder: null,
        actions: {
          playQueue: (songs, index, play = true) => {
            const { q, order } = fresh(setQueue(songs, index));
            changeSong(q, { isPlaying: play, ...order });
          },
          playListRow: (list, index) => {
            const { q, order } = fresh(queueFromListRow(list, index));
            changeSong(q, { isPlaying: true, ...order });
          },
          openPaused: (song) => {
            const q = queueOf(get());
            const withSong = q.queue.some((s) => s.id === song.id) ? q : addToQueue(q, song);
            changeSong(selectById(withSong, song.id), { isPlaying: false });
          },
          addToQueue: (song) => {
            const wasEmpty = get().queue.length === 0;
            changeSong(addToQueue(queueOf(get()), song), wasEmpty ? { isPlaying: true } : {});
          },
          next: () => changeSong(next(queueOf(get()))),
          previous: () => changeSong(previous(queueOf(get()))),
          songEnded: () => {
            const { state, play } = afterSongEnds(queueOf(get()), get().repeat);
            changeSong(state, play ? {} : { isPlaying: false });
          },
          toggleShuffle: () => {
            const { shuffle, unshuffledOrder } = get();
            const q = queueOf(get());
            if (shuffle) apply(unshuffleQueue(q, unshuffledOrder ?? []), { shuffle: false, unshuffledOrder: null });
            else apply(shuffleQueue(q), { shuffle: true, unshuffledOrder: q.queue.map((s) => s.id) });
          },
          cycleRepeat: () => set({ repeat: nextRepeatMode(get().repeat) }),
          select: (index) => changeSong(select(queueOf(get()), index), { isPlaying: true }),
          removeAt: (index) => apply(removeAt(queueOf(get()), index)),
          removeSongs: (ids, keepCurrent = false) => {
            const { state, dropped } = dropSongs(queueOf(get()), new Set(ids), keepCurrent);
            if (dropped.length > 0) changeSong(state, state.queue.length === 0 ? { isPlaying: false, isLoading: false } : {});
            return dropped;
          },
          appendSuggestions: (songs) => apply(appendSuggestions(queueOf(get()), songs, get().playedIds)),
          replaceWithSuggestions: (songs) => {
            const { state, added } = replaceWithSuggestions(queueOf(get()), songs);
            apply(state);
            return added;
          },
          markSuggestedFor: (id) => set({ suggestedFor: id }),
          notePlayed: (id) => set({ playedIds: rememberPlayed(get().playedIds, id) }),
          setPlaying: (isPlaying) => set({ isPlaying: isPlaying && get().queue.length > 0 }),
          setLoading: (isLoading) => set({ isLoading }),
          setError: (error) => set({ error }),
          setVolume: (volume) => set({ volume: Math.min(1, Math.max(0, volume)) }),
          setProgress: (positionS, durationS) => set({ positionS, durationS }),
        },
      };
    },
    {
      name: 'player',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s): Persisted => ({
        queue: [...s.queue],
        currentId: s.queue[s.currentIndex]?.id ?? null,
        suggestedFor: s.suggestedFor,
        repeat: s.repeat,
        unshuffledOrder: s.shuffle ? s.unshuffledOrder : null,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Persisted>;
        const restored = restoreQueue(Array.isArray(p.queue) ? p.queue : [], p.currentId ?? null);
        const order = Array.isArray(p.unshuffledOrder) ? p.unshuffledOrder.filter((id): id is string => typeof id === 'string') : null;
        return {
          ...current,
          ...restored,
          suggestedFor: p.suggestedFor ?? null,
          repeat: isRepeatMode(p.repeat) ? p.repeat : DEFAULT_REPEAT,
          shuffle: order != null,
          unshuffledOrder: order,
        };
      },
    },
  ),
);

export const playerActions = (): PlayerActions => usePlayerStore.getState().actions;
export const useCurrentSong = (): Song | undefined => usePlayerStore((s) => s.queue[s.currentIndex]);
