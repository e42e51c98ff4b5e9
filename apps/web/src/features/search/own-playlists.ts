/** A name folded for matching: lower case, accents aside. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The listener's own playlists whose name holds every word of the query (case and accents
 * aside), those whose name starts with the query first, then in their own order.
 */
export function ownPlaylistsMatching<T extends { name: string }>(playlists: readonly T[], term: string): T[] {
  const q = fold(term.trim());
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found = playlists.filter((p) => words.every((w) => fold(p.name).includes(w)));
  return [...found.filter((p) => fold(p.name).startsWith(q)), ...found.filter((p) => !fold(p.name).startsWith(q))];
}
