import type { Methods } from './call.js';
import { bookmarksStore } from './bookmarks.sql.js';
import { invalid, notFound } from './errors.js';
import { selectSongs } from './library-songs.sql.js';
import { MAX_INT } from './params.js';
import { songChild } from './shapes.js';

/** Far more than a listener keeps (one per audiobook or long mix), few enough to list in one answer. */
export const MAX_BOOKMARKS = 1000;
const MAX_COMMENT = 1000;

/**
 * Bookmarks: a position in a song, one per song and user, for audiobooks and
 * long mixes (Subsonic 1.9.0). Personal: nobody else sees them.
 */
export const bookmarkMethods: Methods = {
  async getBookmarks({ caller, db }) {
    const rows = await bookmarksStore(db).list(caller.userId);
    const songs = new Map((await selectSongs(db, rows.map((r) => r.track_id), caller.userId)).map((s) => [s.id, s]));
    const bookmark = rows.flatMap((r) => {
      const song = songs.get(r.track_id);
      if (!song) return [];
      return [
        {
          position: Number(r.position_ms),
          username: caller.username,
          ...(r.comment ? { comment: r.comment } : {}),
          created: new Date(r.created_at).toISOString(),
          changed: new Date(r.changed_at).toISOString(),
          entry: songChild(song),
        },
      ];
    });
    return { bookmarks: { bookmark } };
  },

  /** `id` (a song), `position` in ms, `comment`: creates the song's bookmark or replaces it. */
  async createBookmark({ params, caller, db, now }) {
    const id = params.required('id');
    params.required('position');
    const position = params.int('position', 0, -1, MAX_INT);
    if (position < 0) throw invalid('position', 'expected a position in milliseconds, 0 or more');
    const comment = params.get('comment') ?? '';
    if (comment.length > MAX_COMMENT) throw invalid('comment', `at most ${MAX_COMMENT} characters`);
    const saved = await bookmarksStore(db).save(caller.userId, id, position, comment, new Date(now()), MAX_BOOKMARKS);
    if (saved === 'no-song') throw notFound('Song');
    if (saved === 'full') throw invalid('id', `at most ${MAX_BOOKMARKS} bookmarks: delete one first`);
    return {};
  },

  async deleteBookmark({ params, caller, db }) {
    if (!(await bookmarksStore(db).remove(caller.userId, params.required('id')))) throw notFound('Bookmark');
    return {};
  },
};
