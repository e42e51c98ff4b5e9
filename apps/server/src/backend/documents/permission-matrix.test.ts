import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { AppwriteError } from '../http/errors.js';
import type { DocumentModel } from './document-model.js';
import { guestCaller, serviceFixture, userCaller, type ServiceFixture } from './test/service-fixture.js';

/**
 * SPEC#roles-signed-user / DESIGN.md §7: a user never reads or changes another user's
 * documents, whatever they put in a query. User B (and a guest) tries every
 * read, list, update and delete on user A's documents of each user collection.
 */
const A = userCaller('userA');
const B = userCaller('userB');

async function code(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof AppwriteError) return e.code;
    throw e;
  }
}

describe.each(ENGINES)("user B against user A's documents on %s", (engine) => {
  let f: ServiceFixture;
  const mine: Record<string, DocumentModel> = {};
  beforeAll(async () => {
    f = await serviceFixture(engine);
    const make = (collection: string, data: Record<string, unknown>) =>
      f.service.create(A, 'lyra', collection, { documentId: 'unique()', data });
    mine.Favorite = await make('Favorite', { userId: 'userA', songId: 'song-a' });
    mine.Playlist = await make('Playlist', { userId: 'userA', name: 'A only' });
    mine.PlaylistSong = await make('PlaylistSong', { playlistId: mine.Playlist.$id, songId: 'song-a' });
    mine.Feedback = await make('Feedback', { userName: 'A', message: 'private words' });
    mine.VideoRequest = await make('VideoRequest', { song_id: 'song-a', url: '/x' });
    mine.History = await make('History', { userId: 'userA', songId: 'song-a' });
    // B has documents of their own, so empty answers are not an empty table.
    await f.service.create(B, 'lyra', 'Favorite', { documentId: 'unique()', data: { userId: 'userB', songId: 'song-b' } });
  });
  afterAll(async () => f?.close());

  const collections = ['Favorite', 'Playlist', 'PlaylistSong', 'Feedback', 'VideoRequest', 'History'];
  const forged: Record<string, string[]> = {
    Favorite: [Query.equal('userId', 'userA')],
    Playlist: [Query.equal('userId', 'userA')],
    PlaylistSong: [Query.equal('playlistId', 'PLAYLIST')],
    Feedback: [Query.equal('userName', 'A')],
    VideoRequest: [Query.equal('userId', 'userA')],
    History: [Query.equal('userId', 'userA'), Query.equal('songId', 'song-a')],
  };

  describe.each([
    ['user B', B],
    ['a guest', guestCaller],
  ])('%s', (_who, intruder) => {
    it.each(collections)('cannot get %s', async (collection) => {
      expect(await code(f.service.get(intruder, 'lyra', collection, mine[collection]!.$id, []))).toBe(404);
    });

    it.each(collections)('lists nothing of %s, even with forged filters', async (collection) => {
      const queries = forged[collection]!.map((q) => q.replace('PLAYLIST', mine.Playlist!.$id));
      for (const q of [[], queries, [Query.equal('$id', mine[collection]!.$id)], [Query.or([...queries, Query.isNotNull('$id')])]]) {
        const list = await f.service.list(intruder, 'lyra', collection, q, true);
        expect(list.documents.filter((d) => d.$id === mine[collection]!.$id)).toEqual([]);
        expect(list.documents.every((d) => !['userA', 'A'].includes(d.userId as string) && d.userName !== 'A')).toBe(true);
        // Totals count only what the caller may read.
        expect(list.total).toBe(list.documents.length);
      }
      expect(await code(f.service.list(intruder, 'lyra', collection, [Query.cursorAfter(mine[collection]!.$id)], true))).toBe(400);
    });

    it.each(collections)('cannot update or delete %s', async (collection) => {
      const id = mine[collection]!.$id;
      expect(await code(f.service.update(intruder, 'lyra', collection, id, { data: { nope: 'x' }, permissions: ['read("any")'] }))).toBe(401);
      expect(await code(f.service.upsert(intruder, 'lyra', collection, id, { data: { nope: 1 } }))).toBe(401);
      expect(await code(f.service.remove(intruder, 'lyra', collection, id))).toBe(401);
    });
  });

  it("still has all of A's documents, unchanged, and A reads them", async () => {
    for (const collection of collections) {
      expect(await f.service.get(A, 'lyra', collection, mine[collection]!.$id, [])).toEqual(mine[collection]);
    }
    const favs = await f.service.list(A, 'lyra', 'Favorite', [Query.equal('userId', 'userA'), Query.limit(150)], true);
    expect(favs.documents.map((d) => d.songId)).toEqual(['song-a']);
    expect(favs.total).toBe(1);
  });

  it('lets B see only B’s favourites when B asks for everything', async () => {
    const all = await f.service.list(B, 'lyra', 'Favorite', [Query.limit(5000)], true);
    expect(all.documents.map((d) => d.userId)).toEqual(['userB']);
    expect(all.total).toBe(1);
  });
});
