import { catalogueIds } from '../catalogue/module.js';
import type { Methods } from './call.js';
import { invalid, missing, notFound } from './errors.js';
import { selectSongs } from './library-songs.sql.js';
import type { NowPlaying } from './now-playing.js';
import { songChild } from './shapes.js';
import { saveRating } from './ratings.sql.js';
import { documentsOf, inProtocol } from './user-documents.js';

/** The web app's play history: one History document {userId, songId} per counted play. */
export const HISTORY = 'History';

/**
 * Plays: `scrobble` with submission=true records a play as the web app does
 * (a History document, its realtime event included); submission=false tells
 * what is playing now. Ratings are the caller's own (ratings.sql.ts).
 */
export const playMethods = (nowPlaying: NowPlaying): Methods => ({
  async scrobble(call) {
    const ids = call.params.list('id');
    if (ids.length === 0) throw missing('id');
    const submission = call.params.bool('submission', true);
    const songs = await selectSongs(call.db, [...new Set(ids)], call.caller.userId);
    if (songs.length !== new Set(ids).size) throw notFound('Song');
    if (!submission) {
      const last = songs.find((s) => s.id === ids[ids.length - 1])!;
      const player = call.params.get('c') ?? '';
      nowPlaying.report({ userId: call.caller.userId, username: call.caller.username, songId: last.id, player, at: call.now() }, last.duration_s ?? 0);
      return {};
    }
    const docs = await documentsOf(call);
    for (const songId of ids) await inProtocol(docs.create(HISTORY, { userId: call.caller.userId, songId }));
    return {};
  },

  /** What the caller's own players reported (other listeners' plays stay private, as their History does). */
  async getNowPlaying(call) {
    const now = call.now();
    const entries = nowPlaying.of(call.caller.userId, now);
    const songs = new Map((await selectSongs(call.db, [...new Set(entries.map((e) => e.songId))], call.caller.userId)).map((s) => [s.id, s]));
    return {
      nowPlaying: {
        entry: entries.flatMap((e) => {
          const song = songs.get(e.songId);
          if (!song) return [];
          return [
            {
              ...songChild(song),
              username: e.username,
              minutesAgo: Math.max(0, Math.floor((now - e.at) / 60_000)),
              playerId: nowPlaying.playerId(e),
              playerName: e.player || undefined,
            },
          ];
        }),
      },
    };
  },

  /** 1-5 stars on a song, album or artist (0 removes them); songs then carry userRating. */
  async setRating(call) {
    const id = call.params.required('id');
    const raw = call.params.get('rating');
    if (raw == null || raw === '') throw missing('rating');
    const rating = call.params.int('rating', 0, -1, 6);
    if (rating < 0 || rating > 5) throw invalid('rating', 'expected 0 to 5');
    const kind = (await catalogueIds(call.db, 'song', [id])).size
      ? 'song'
      : (await catalogueIds(call.db, 'album', [id])).size
        ? 'album'
        : (await catalogueIds(call.db, 'artist', [id])).size
          ? 'artist'
          : null;
    if (!kind) throw notFound('Item');
    await saveRating(call.db, call.caller.userId, kind, id, rating);
    return {};
  },
});
