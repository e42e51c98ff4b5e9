import { useQueryClient } from '@tanstack/react-query';
import { PLAYER } from '@lyra/player-core/constants';
import { shouldFetchSuggestions } from '@lyra/player-core/suggestions';
import { useEffect } from 'react';
import { suggestionsQuery } from '../../shared/lib/catalogue-queries.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { usePlayerStore } from './player-store.js';
import { heldForRoom } from './room-hold.js';

/**
 * SPEC#states-player: near the end of the queue (last two songs) and with a catalogue id
 * longer than 5 characters, ask for 10 suggestions after 1 s and append the
 * ones not played or queued yet. The song id is remembered for the session so
 * it is asked once; a failed fetch is simply not retried for that song. None
 * in a listening room: the room's queue says what follows.
 */
export function useQueueSuggestions(): void {
  const catalogue = useCatalogue();
  const queryClient = useQueryClient();
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id ?? null);
  const queueLength = usePlayerStore((s) => s.queue.length);

  useEffect(() => {
    // In a listening room the room says what follows (room-hold.ts).
    if (!currentId || heldForRoom()) return;
    const state = usePlayerStore.getState();
    if (!shouldFetchSuggestions(state, state.suggestedFor)) return;
    const timer = setTimeout(() => {
      // Still the same song, still near the end, still not asked: the queue may have moved in that second.
      const now = usePlayerStore.getState();
      if (now.queue[now.currentIndex]?.id !== currentId || heldForRoom() || !shouldFetchSuggestions(now, now.suggestedFor)) return;
      now.actions.markSuggestedFor(currentId);
      queryClient
        .fetchQuery(suggestionsQuery(catalogue, currentId, PLAYER.QUEUE_SUGGESTIONS_LIMIT))
        .then((songs) => {
          if (Array.isArray(songs)) usePlayerStore.getState().actions.appendSuggestions(songs);
        })
        .catch(() => {
          // Suggestions are a bonus: the queue simply ends (catalogue-api.md §3.6).
        });
    }, PLAYER.SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [catalogue, queryClient, currentId, queueLength]);
}
