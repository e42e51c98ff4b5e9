import { LOCAL_KEYS, readJson, readText, writeJson, writeText, type StorageLike } from '../../shared/lib/storage.js';

/** SPEC#limits-suggestions "Suggestions": Suggested for You shows 8, stale after 30 min; the index cycles modulo 15. */
export const SUGGESTED = { COUNT: 8, COLUMN: 4, STALE_MS: 30 * 60_000, CYCLE: 15 } as const;

/** SPEC#validation-suggestions: a suggestion song id must exist and not be 'null'. */
export const isSeedId = (id: unknown): id is string => typeof id === 'string' && id.trim() !== '' && id !== 'null' && id !== 'undefined';

/**
 * songSuggestions: the song ids Suggested for You draws from, newest first, at
 * most 15. The listener's recent plays come first; ids already kept follow.
 */
export function updateSuggestionSeeds(storage: StorageLike | undefined, recentIds: readonly string[]): string[] {
  const stored = readJson<unknown>(storage, LOCAL_KEYS.songSuggestions, []);
  const kept = Array.isArray(stored) ? stored.filter(isSeedId) : [];
  const seeds = [...new Set([...recentIds.filter(isSeedId), ...kept])].slice(0, SUGGESTED.CYCLE);
  writeJson(storage, LOCAL_KEYS.songSuggestions, seeds);
  return seeds;
}

/**
 * The stored suggestion song id for this visit: songSuggestions[suggestionIndex],
 * then suggestionIndex moves on by one, modulo 15 (SPEC#limits-suggestions). Null when there is none.
 */
export function takeSuggestionSeed(storage: StorageLike | undefined, seeds: readonly string[]): string | null {
  if (seeds.length === 0) return null;
  const raw = Number(readText(storage, LOCAL_KEYS.suggestionIndex));
  const index = Number.isInteger(raw) && raw >= 0 ? raw % SUGGESTED.CYCLE : 0;
  writeText(storage, LOCAL_KEYS.suggestionIndex, String((index + 1) % SUGGESTED.CYCLE));
  return seeds[index % seeds.length] ?? null;
}
