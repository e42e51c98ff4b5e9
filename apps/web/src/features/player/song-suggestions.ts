import type { QueryClient } from '@tanstack/react-query';
import { PLAYER } from '@lyra/player-core/constants';
import { consumeRateLimit, peekRateLimit, SUGGESTION_LIMITS } from '@lyra/player-core/rate-limit';
import { suggestionRefusal } from '@lyra/player-core/suggestions';
import { toast } from '../../shared/lib/toast.js';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { suggestionsQuery } from '../../shared/lib/catalogue-queries.js';
import { local, readJson, session, writeJson } from '../../shared/lib/storage.js';
import { usePlayerStore } from './player-store.js';

export const SUGGESTION_LIMIT_KEY = 'suggestionsRateLimit';
export const SUGGESTED_IDS_KEY = 'suggestionsFetchedFor';

/**
 * The player's suggestions button (SPEC#states-suggestions-request, SPEC#validation-suggestions, SPEC#errors-suggestions): rate limit first (3 per
 * 5 min signed in, 1 per 10 min anonymous, on this device), then the
 * refusals, then 10 suggestions; the queue becomes the current song followed
 * by the new ones. Every outcome is a toast with SPEC's words.
 */
export async function requestSongSuggestions(deps: {
  catalogue: CatalogueClient;
  queryClient: QueryClient;
  signedIn: boolean;
  nowMs?: number;
}): Promise<void> {
  const now = deps.nowMs ?? Date.now();
  const rule = deps.signedIn ? SUGGESTION_LIMITS.signedIn : SUGGESTION_LIMITS.anonymous;
  const stored = readJson<unknown>(local(), SUGGESTION_LIMIT_KEY, null);
  if (!peekRateLimit(stored, now, rule).allowed) {
    toast.error(deps.signedIn ? 'Rate limit exceeded, try after 5 mins' : 'Login to get more suggestions, try again after 10 mins');
    return;
  }
  const state = usePlayerStore.getState();
  const fetched = readJson<string[]>(session(), SUGGESTED_IDS_KEY, []);
  const refusal = suggestionRefusal(state, Array.isArray(fetched) ? fetched : []);
  if (refusal) {
    toast(refusal);
    return;
  }
  const song = state.queue[state.currentIndex]!;
  // SPEC#validation-suggestions: the song id must exist and not be 'null' (SPEC#errors-suggestions 'No song ID found').
  if (!song.id || song.id === 'null') {
    toast.error('No song ID found');
    return;
  }
  const used = consumeRateLimit(stored, now, rule);
  writeJson(local(), SUGGESTION_LIMIT_KEY, used.record);
  try {
    const songs = await deps.queryClient.fetchQuery({
      ...suggestionsQuery(deps.catalogue, song.id, PLAYER.QUEUE_SUGGESTIONS_LIMIT),
      retry: 2,
    });
    writeJson(session(), SUGGESTED_IDS_KEY, [...fetched, song.id].slice(-PLAYER.PLAYED_IDS_MAX));
    if (!Array.isArray(songs) || songs.length === 0) {
      toast('No suggestions found');
      return;
    }
    const added = usePlayerStore.getState().actions.replaceWithSuggestions(songs);
    const remaining = `${used.remaining} suggestion(s) remaining`;
    if (added === 0) toast('All songs already in queue', { description: remaining });
    else toast.success(`${added} song(s) added in queue!`, { description: remaining });
  } catch {
    toast.error('Failed to fetch suggestions');
  }
}
