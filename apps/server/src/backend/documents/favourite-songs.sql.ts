import type { Queryable } from '../../db/db.js';
import { queryJsonIds, queryJsonRows } from '../../db/json-rows.js';

/**
 * A listener's favourite songs (the web app's Favorite documents) as other modules' lists need them: one
 * statement for a whole page of songs, so a list of hundreds asks once, not once a song.
 */
export const favouriteSongs = (db: Queryable) => ({
  /** When the user made each of `songIds` a favourite (ISO), for those that are one. */
  async times(userId: string, songIds: readonly string[]): Promise<Map<string, string>> {
    if (songIds.length === 0 || userId === '') return new Map();
    const rows = await queryJsonRows<{ id: string; at: string }>(
      db,
      `select f."songId" as id, f."$createdAt" as at from doc_favorite f where f."userId" = $1 and f."songId" = any($2::text[])`,
      [userId, songIds],
    );
    return new Map(rows.map((r) => [r.id, r.at]));
  },

  /** Every song the user made a favourite. */
  async ids(userId: string): Promise<string[]> {
    if (userId === '') return [];
    return queryJsonIds(db, `select f."songId" as id from doc_favorite f where f."userId" = $1`, [userId]);
  },
});
