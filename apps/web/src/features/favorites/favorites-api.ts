import { describeFailure, isTransient, q, type BackendApi } from '../../shared/lib/backend.js';
import { dedupeIds, FAVORITES, readFailed, writeFailed } from './favorites-cache.js';

/**
 * Favourite documents (SPEC#entities-favorite {userId, songId}; SPEC#data-calls-list-favourites-filtered, SPEC#data-calls-create-favourite-userid). Each
 * write answers with an outcome; a transient failure (no answer, server
 * fault) is `failed`, to be sent again later; any other refusal throws.
 */
export type AddOutcome = 'added' | 'already' | 'failed';
export type RemoveOutcome = 'removed' | 'none' | 'failed';

/** SPEC#data-calls-list-favourites-filtered: favourites filtered by userId, limit 150; de-duplicated (SPEC#validation-favourite-add-refused). */
export async function fetchFavoriteIds(api: BackendApi, userId: string): Promise<string[]> {
  const docs = await api.list('Favorite', [q.equal('userId', userId), q.limit(FAVORITES.FETCH_LIMIT)]);
  return dedupeIds(docs.map((d) => String(d.songId ?? '')));
}

export async function addFavorite(api: BackendApi, userId: string, songId: string): Promise<AddOutcome> {
  try {
    await api.create('Favorite', { userId, songId });
    return 'added';
  } catch (e) {
    const f = describeFailure(e);
    // The server's unique (userId, songId) index: 409 'Song is already liked'.
    if (f.code === 409) return 'already';
    if (isTransient(f)) return 'failed';
    throw e;
  }
}

/** Deletes the user's favourite documents for the song; 'none' when there were none (SPEC#errors-favourite-off-none). */
export async function removeFavorite(api: BackendApi, userId: string, songId: string): Promise<RemoveOutcome> {
  try {
    const docs = await api.list('Favorite', [q.equal('userId', userId), q.equal('songId', songId), q.limit(25)]);
    if (docs.length === 0) return 'none';
    for (const d of docs) {
      try {
        await api.remove('Favorite', d.$id);
      } catch (e) {
        if (describeFailure(e).code !== 404) throw e;
      }
    }
    return 'removed';
  } catch (e) {
    if (isTransient(describeFailure(e))) return 'failed';
    throw e;
  }
}

/**
 * SPEC#states-favourite-toggle-player: with a user present, pending failed adds and removes are sent
 * again in batches of 5, and the lists cleared. A batch that errors is logged
 * and skipped (SPEC#errors-favourite-batch-logged): its ids stay for the next time.
 */
export async function retryFailedFavorites(api: BackendApi, userId: string): Promise<{ retried: number; kept: number }> {
  let retried = 0;
  let kept = 0;
  for (const kind of ['add', 'remove'] as const) {
    const ids = readFailed(kind);
    const keep: string[] = [];
    for (let i = 0; i < ids.length; i += FAVORITES.RETRY_BATCH) {
      const batch = ids.slice(i, i + FAVORITES.RETRY_BATCH);
      const results = await Promise.allSettled(
        batch.map((id) => (kind === 'add' ? addFavorite(api, userId, id) : removeFavorite(api, userId, id))),
      );
      const failedIds = batch.filter((_, j) => {
        const r = results[j]!;
        return r.status === 'rejected' || r.value === 'failed';
      });
      if (failedIds.length > 0) console.error(`Favourite ${kind} batch failed; kept for later`, failedIds);
      keep.push(...failedIds);
      retried += batch.length - failedIds.length;
    }
    kept += keep.length;
    // A toggle during the retry may have added ids; keep those too.
    const added = readFailed(kind).filter((id) => !ids.includes(id));
    writeFailed(kind, [...keep, ...added]);
  }
  return { retried, kept };
}
