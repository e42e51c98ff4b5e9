import { Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/db.js';
import { AppwriteError } from '../../http/errors.js';
import { loadSchema } from '../../schema/appwrite-schema.js';
import { serviceFixture, userCaller, type ServiceFixture } from '../test/service-fixture.js';
import { isFeedbackLongEnough } from './feedback-rules.js';
import { COLLECTION_RULES } from './index.js';
import { checkVideoRequestLimit, videoRateLimitMessage } from './video-request-limit.js';

const A = userCaller('userA');
const B = userCaller('userB');
const HOUR = 3_600_000;

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteError) return { code: e.code, type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}

describe('rule wiring', () => {
  it('names only collections that appwrite.json declares', () => {
    const ids = loadSchema().file.collections.map((c) => c.$id);
    for (const id of Object.keys(COLLECTION_RULES)) expect(ids).toContain(id);
  });
});

describe('video request limit (pure)', () => {
  const now = 100 * HOUR;
  it('allows three in a rolling 24 hours and counts what remains', () => {
    expect(checkVideoRequestLimit([], now)).toEqual({ allowed: true, remaining: 2 });
    expect(checkVideoRequestLimit([now - HOUR, now - 2 * HOUR], now)).toEqual({ allowed: true, remaining: 0 });
    expect(checkVideoRequestLimit([now - 25 * HOUR, now - 24 * HOUR, now - 30 * HOUR], now)).toEqual({ allowed: true, remaining: 2 });
  });

  it('refuses the fourth and says when the oldest leaves the window, in whole hours', () => {
    expect(checkVideoRequestLimit([now - 20.5 * HOUR, now - HOUR, now - 60_000], now)).toEqual({ allowed: false, retryInHours: 4, retryAfterMs: 3.5 * HOUR });
    expect(checkVideoRequestLimit([now - 23.99 * HOUR, now - HOUR, now], now)).toEqual({ allowed: false, retryInHours: 1, retryAfterMs: 36_000 });
    expect(checkVideoRequestLimit([now, now, now, now], now)).toEqual({ allowed: false, retryInHours: 24, retryAfterMs: 24 * HOUR });
  });

  it("uses SPEC#errors-video's message", () => {
    expect(videoRateLimitMessage(4)).toBe('Rate limit exceeded. You can request 3 videos per day. Try again in 4 hour(s).');
  });
});

describe('feedback length (pure)', () => {
  it('needs more than 5 characters, not counting surrounding blanks', () => {
    expect(isFeedbackLongEnough('123456')).toBe(true);
    expect(isFeedbackLongEnough('12345')).toBe(false);
    expect(isFeedbackLongEnough('   12345   ')).toBe(false);
    expect(isFeedbackLongEnough('🎵'.repeat(6))).toBe(true);
    expect(isFeedbackLongEnough('🎵'.repeat(5))).toBe(false);
    expect(isFeedbackLongEnough(undefined)).toBe(false);
  });
});

describe.each(ENGINES)('server rules on %s', (engine) => {
  let f: ServiceFixture;
  beforeAll(async () => {
    f = await serviceFixture(engine);
  });
  afterAll(async () => f?.close());

  const create = (caller = A, collection: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    f.service.create(caller, 'lyra', collection, { documentId: 'unique()', data, ...extra });

  describe('favourites and playlists belong to their creator', () => {
    it("refuses a userId other than the caller's, on create and update", async () => {
      expect(await failure(create(B, 'Favorite', { userId: 'userA', songId: 's1' }))).toEqual({
        code: 401,
        type: 'user_unauthorized',
        message: 'The "userId" of a new document must be the id of the signed-in user.',
      });
      const pl = await create(A, 'Playlist', { userId: 'userA', name: 'Mine' });
      expect(await failure(f.service.update(A, 'lyra', 'Playlist', pl.$id, { data: { userId: 'userB' } }))).toMatchObject({
        code: 401,
        message: 'The "userId" of a document cannot be changed.',
      });
    });

    it('refuses the same song twice in favourites', async () => {
      await create(A, 'Favorite', { userId: 'userA', songId: 'dup' });
      expect(await failure(create(A, 'Favorite', { userId: 'userA', songId: 'dup' }))).toEqual({
        code: 409,
        type: 'document_already_exists',
        message: 'Song is already liked',
      });
      expect((await create(B, 'Favorite', { userId: 'userB', songId: 'dup' })).songId).toBe('dup');
    });
  });

  describe('playlist songs', () => {
    it("lets only the playlist's owner add songs", async () => {
      const pl = await create(A, 'Playlist', { userId: 'userA', name: 'A list' });
      expect((await create(A, 'PlaylistSong', { playlistId: pl.$id, songId: 's1' })).playlistId).toBe(pl.$id);
      expect(await failure(create(B, 'PlaylistSong', { playlistId: pl.$id, songId: 's2' }))).toEqual({
        code: 404,
        type: 'document_not_found',
        message: `Playlist with the requested ID '${pl.$id}' could not be found.`,
      });
      expect((await failure(create(A, 'PlaylistSong', { playlistId: 'no-such', songId: 's2' }))).code).toBe(404);
      // Readable by B but not editable: refused as unauthorised.
      const shared = await create(A, 'Playlist', { userId: 'userA', name: 'Shared' }, {
        permissions: [Permission.read(Role.users()), Permission.update(Role.user('userA'))],
      });
      expect(await failure(create(B, 'PlaylistSong', { playlistId: shared.$id, songId: 's3' }))).toEqual({
        code: 401,
        type: 'user_unauthorized',
        message: 'Only the owner of a playlist can add songs to it.',
      });
      const link = await create(A, 'PlaylistSong', { playlistId: pl.$id, songId: 's9' });
      expect((await failure(f.service.update(A, 'lyra', 'PlaylistSong', link.$id, { data: { playlistId: 'no-such' } }))).code).toBe(404);
      expect(await failure(create(A, 'PlaylistSong', { playlistId: pl.$id, songId: 's1' }))).toMatchObject({
        code: 409,
        message: 'Song is already in the playlist',
      });
    });

    it('deletes the links with the playlist, publishing each delete', async () => {
      const pl = await create(A, 'Playlist', { userId: 'userA', name: 'Doomed' });
      const links = [await create(A, 'PlaylistSong', { playlistId: pl.$id, songId: 'x1' }), await create(A, 'PlaylistSong', { playlistId: pl.$id, songId: 'x2' })];
      const other = await create(A, 'Playlist', { userId: 'userA', name: 'Kept' });
      const kept = await create(A, 'PlaylistSong', { playlistId: other.$id, songId: 'x1' });
      const before = f.events.length;
      await f.service.remove(A, 'lyra', 'Playlist', pl.$id);
      const deleted = f.events.slice(before).map((e) => e.events[0]);
      expect(deleted).toEqual([
        `databases.lyra.collections.Playlist.documents.${pl.$id}.delete`,
        ...links.map((l) => `databases.lyra.collections.PlaylistSong.documents.${l.$id}.delete`),
      ]);
      const left = await f.service.list(A, 'lyra', 'PlaylistSong', [Query.equal('playlistId', [pl.$id, other.$id])], true);
      expect(left.documents.map((d) => d.$id)).toEqual([kept.$id]);
    });
  });

  describe('plays', () => {
    it("refuses a play recorded under another listener's userId, on create and update", async () => {
      expect(await failure(create(B, 'History', { userId: 'userA', songId: 's1' }))).toEqual({
        code: 401,
        type: 'user_unauthorized',
        message: 'The "userId" of a new document must be the id of the signed-in user.',
      });
      const play = await create(A, 'History', { userId: 'userA', songId: 's1' });
      expect(play).toMatchObject({ userId: 'userA', songId: 's1' });
      expect(await failure(f.service.update(A, 'lyra', 'History', play.$id, { data: { userId: 'userB' } }))).toMatchObject({
        code: 401,
        message: 'The "userId" of a document cannot be changed.',
      });
      const listed = await f.service.list(B, 'lyra', 'History', [Query.equal('userId', 'userA')], true);
      expect(listed.total).toBe(0);
    });
  });

  describe('feedback', () => {
    it('refuses anonymous sessions: sending feedback needs an account (SPEC#validation-feedback)', async () => {
      const anonymous = { ...userCaller('anon2'), account: { $id: 'anon2', email: '', phone: '' } };
      expect(await failure(create(anonymous, 'Feedback', { userName: 'Guest', message: 'Lovely app' }))).toEqual({
        code: 401,
        type: 'user_unauthorized',
        message: 'Sign in with an account to send feedback; anonymous sessions cannot.',
      });
    });

    it('needs a message of more than 5 characters', async () => {
      expect(await failure(create(A, 'Feedback', { userName: 'Ada', message: 'short' }))).toEqual({
        code: 400,
        type: 'document_invalid_structure',
        message: 'Invalid document structure: Feedback message must be more than 5 characters',
      });
      expect((await create(A, 'Feedback', { userName: 'Ada', message: 'Lovely app' })).message).toBe('Lovely app');
      expect(await failure(create(A, 'Feedback', { userName: 'Ada' }))).toMatchObject({
        code: 400,
        message: 'Invalid document structure: Missing required attribute "message"',
      });
    });
  });

  describe('video requests', () => {
    const request = (caller: typeof A, songId: string) =>
      create(caller, 'VideoRequest', { song_id: songId, url: `/api/download?name=x&id=${songId}` });

    it('records the requester and queue state, readable only by them', async () => {
      const doc = await request(A, 'v-1');
      expect(doc).toMatchObject({ userId: 'userA', status: 'queued', attempts: 0, error: null, $permissions: ['read("user:userA")'] });
      expect((await failure(f.service.update(A, 'lyra', 'VideoRequest', doc.$id, { data: { url: 'x' } }))).code).toBe(401);
      expect((await failure(f.service.remove(A, 'lyra', 'VideoRequest', doc.$id))).code).toBe(401);
    });

    it('refuses anonymous accounts, so fresh anonymous users cannot multiply the daily limit', async () => {
      const anonymous = { ...userCaller('anon1'), account: { $id: 'anon1', email: '', phone: '' } };
      expect(await failure(request(anonymous, 'v-anon'))).toEqual({
        code: 401,
        type: 'user_unauthorized',
        message: 'Sign in with an account to request videos; anonymous sessions cannot.',
      });
      const named = { ...userCaller('named1'), account: { $id: 'named1', email: 'named@example.com', phone: '' } };
      expect((await request(named, 'v-named')).song_id).toBe('v-named');
    });

    it('refuses clients writing server fields or permissions', async () => {
      expect(await failure(create(A, 'VideoRequest', { song_id: 'v-x', url: 'u', status: 'done' }))).toEqual({
        code: 400,
        type: 'document_invalid_structure',
        message: 'Invalid document structure: Attribute "status" is set by the server and cannot be written by clients',
      });
      expect((await failure(create(A, 'VideoRequest', { song_id: 'v-x', url: 'u' }, { permissions: [] }))).code).toBe(400);
    });

    it('allows one request per song, whoever asks', async () => {
      expect(await failure(request(B, 'v-1'))).toEqual({
        code: 409,
        type: 'document_already_exists',
        message: 'Song is already requested for video',
      });
    });

    it('refuses songs that already have a preview', async () => {
      await f.t.db.query(
        `insert into doc_video_preview ("$id", "$createdAt", "$updatedAt", song_id, aws_url) values ('vp-r', now(), now(), 'v-has', 'u')`,
      );
      expect(await failure(request(B, 'v-has'))).toMatchObject({ code: 409, message: 'Song already has a video preview' });
    });

    it('allows 3 per user per rolling 24 hours, then 429 with the hours to wait', async () => {
      const start = f.clock.now;
      await request(B, 'v-b1');
      f.clock.now += 2 * HOUR;
      await request(B, 'v-b2');
      await request(B, 'v-b3');
      f.clock.now += HOUR;
      expect(await failure(request(B, 'v-b4'))).toEqual({
        code: 429,
        type: 'general_rate_limit_exceeded',
        message: 'Rate limit exceeded. You can request 3 videos per day. Try again in 21 hour(s).',
      });
      // The limit comes before the duplicate check (SPEC#validation-video-request).
      expect((await failure(request(B, 'v-1'))).code).toBe(429);
      f.clock.now = start + 24 * HOUR + 1;
      expect((await request(B, 'v-b4')).song_id).toBe('v-b4');
      f.clock.now = start;
    });
  });
});
