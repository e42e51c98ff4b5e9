import { quoteIdent, tableName } from '../../schema/sql-names.js';
import { AppwriteError } from '../../http/errors.js';
import { anonymousRefused, isAnonymousCaller } from './anonymous.js';
import type { CollectionRules } from './collection-rules.js';
import { checkVideoRequestLimit, VIDEO_REQUEST_WINDOW_MS, videoRateLimitMessage } from './video-request-limit.js';

/**
 * Video requests (SPEC#validation-video-request, SPEC#errors-video, SPEC#limits-video-requests): the rate limit is checked first, then
 * one request per song (across all users: the video is per song), and none
 * when a preview already exists. The owner, status, attempts and error are
 * the video pipeline's to write; the requester may only read the request.
 */
export const alreadyRequested = () => new AppwriteError(409, 'document_already_exists', 'Song is already requested for video');

/** A request must name a song of the catalogue; the worker would only retry it in vain. */
export const unknownSong = (songId: string) =>
  new AppwriteError(400, 'document_invalid_structure', `Invalid document structure: Attribute "song_id" must name a song of the catalogue, not ${JSON.stringify(songId)}`);

/**
 * Anonymous sessions cannot request videos (SPEC#roles-anonymous-visitor: visitors cannot use
 * video previews); otherwise fresh anonymous users would each get 3 a day.
 */
export const anonymousRequester = () => anonymousRefused('request videos');

export function videoRequestRules(previewsId: string): CollectionRules {
  return {
    serverAttributes: ['userId', 'status', 'attempts', 'error'],
    fixedPermissions: (caller) => [`read("user:${caller.userId}")`],
    duplicate: { song_id: alreadyRequested },
    async beforeCreate(ctx, data) {
      const userId = ctx.caller.userId!;
      if (isAnonymousCaller(ctx.caller)) throw anonymousRequester();
      const requests = quoteIdent(tableName(ctx.collection.$id));
      // Serialise one user's requests so two at once cannot both pass the limit.
      await ctx.tx.query('select pg_advisory_xact_lock(hashtext($1))', [`video-request:${userId}`]);
      const recent = await ctx.tx.query<{ at: Date }>(
        `select "$createdAt" as at from ${requests} where "userId" = $1 and "$createdAt" > $2::timestamptz`,
        [userId, new Date(ctx.now - VIDEO_REQUEST_WINDOW_MS).toISOString()],
      );
      const verdict = checkVideoRequestLimit(
        recent.map((r) => r.at.getTime()),
        ctx.now,
      );
      if (!verdict.allowed) {
        throw new AppwriteError(429, 'general_rate_limit_exceeded', videoRateLimitMessage(verdict.retryInHours), verdict.retryAfterMs / 1000);
      }
      // The catalogue's songs, when this server has a catalogue (the backend may run alone).
      if ((await ctx.songExists(String(data.song_id), ctx.tx)) === false) throw unknownSong(String(data.song_id));
      const taken = await ctx.tx.query(`select 1 from ${requests} where song_id = $1`, [data.song_id]);
      if (taken.length > 0) throw alreadyRequested();
      const previews = ctx.schema.collection(ctx.collection.databaseId, previewsId);
      if (previews) {
        const exists = await ctx.tx.query(`select 1 from ${quoteIdent(tableName(previews.$id))} where song_id = $1`, [data.song_id]);
        if (exists.length > 0) throw new AppwriteError(409, 'document_already_exists', 'Song already has a video preview');
      }
      Object.assign(data, { userId, status: 'queued', attempts: 0, error: null });
    },
  };
}
