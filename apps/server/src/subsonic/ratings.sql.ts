import type { Queryable } from '../db/db.js';

export type RatedKind = 'song' | 'album' | 'artist';

/** Keeps `rating` (1-5) for the user's item, or forgets it (0). */
export async function saveRating(db: Queryable, userId: string, kind: RatedKind, itemId: string, rating: number): Promise<void> {
  if (rating === 0) {
    await db.query('delete from subsonic_ratings where user_id = $1 and kind = $2 and item_id = $3', [userId, kind, itemId]);
    return;
  }
  await db.query(
    `insert into subsonic_ratings (user_id, kind, item_id, rating) values ($1, $2, $3, $4)
     on conflict (user_id, kind, item_id) do update set rating = excluded.rating, updated_at = now()`,
    [userId, kind, itemId, rating],
  );
}
