import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/db.js';
import { silentLogger } from '../log.js';
import { ENGINES } from '../test/db.js';
import { createAlbumShelf, readShelf, sample, shelfAlbums, shelfCallerFacts, shelfPage, yearRange, type Shelf } from './album-shelf.js';
import { withArtists } from './albums.js';
import { selectAlbumList, selectCallerAlbumIds, type AlbumOrder } from './library-albums.sql.js';
import { client, EMAIL, startHarness, type Client, type Harness } from './test/harness.js';

describe('album shelf orders', () => {
  const byYear: [string, number][] = [['a', 1990], ['b', 2001], ['c', 2001], ['d', 2005], ['e', 2010]];

  it('keeps the years asked; from a later year to an earlier one, years go down and albums of a year stay by name', () => {
    expect(yearRange(byYear, 2000, 2006)).toEqual(['b', 'c', 'd']);
    expect(yearRange(byYear, 2006, 2000)).toEqual(['d', 'b', 'c']);
    expect(yearRange(byYear, 2010, 1990)).toEqual(['e', 'd', 'b', 'c', 'a']);
    expect(yearRange(byYear, 2001, 2001)).toEqual(['b', 'c']);
    expect(yearRange(byYear, 2011, 2020)).toEqual([]);
  });

  it('samples as many items as asked, none twice, each as likely', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(new Set(sample([...items], 4)).size).toBe(4);
    expect(sample([...items], 20).sort((x, y) => x - y)).toEqual(items);
    expect(sample([...items], 0)).toEqual([]);
    const firsts = new Array<number>(10).fill(0);
    for (let r = 0; r < 5_000; r++) firsts[sample([...items], 1)[0]!]!++;
    for (const n of firsts) expect(n).toBeGreaterThan(350); // 500 each expected
  });
});

describe.each(ENGINES)('album shelf on a scanned library (%s)', (engine) => {
  let h: Harness;
  let db: Db;
  let api: Client;

  beforeAll(async () => {
    h = await startHarness(engine);
    db = h.t.testDb.db;
    api = client(h.t, { u: EMAIL, p: h.creds.password });
  });
  afterAll(async () => {
    await h?.close();
  });

  const ok = async (method: string, params: Record<string, string>) => expect((await api.json(method, params)).error).toBeUndefined();
  const fromQuery = async (order: AlbumOrder, limit: number, offset: number) => withArtists(db, await selectAlbumList(db, order, limit, offset));
  const fromShelf = async (shelf: Shelf, order: AlbumOrder, limit: number, offset: number) =>
    order.kind === 'starred' || order.kind === 'highest'
      ? shelfAlbums(shelf, await selectCallerAlbumIds(db, order, limit, offset))
      : shelfPage(shelf, order, limit, offset);

  it('answers every list it holds as the list’s own query does, page by page', async () => {
    const albums = (await fromQuery({ kind: 'alphabeticalByName' }, 500, 0)).map((a) => a.row.id);
    await ok('star', { albumId: albums[3]! });
    await ok('setRating', { id: albums[1]!, rating: '4' });
    await ok('setRating', { id: albums[4]!, rating: '5' });
    // Loose has no album artist, and its songs none either: two of them credit performers (one twice).
    await db.query(`insert into track_artists (track_id, artist_id, role, position)
                    select t.id, a.id, 'primary', 0
                      from (select t.id, row_number() over (order by t.id) as n from tracks t join albums al on al.id = t.album_id
                             where al.name = 'Loose') t
                      join artists a on (a.name = 'Mira Solen' and t.n <= 2) or (a.name = 'Maxstack' and t.n = 1)`);
    const shelf = await readShelf(db);
    expect(shelf.albums.size).toBe(albums.length);
    const orders: AlbumOrder[] = [
      { kind: 'alphabeticalByName' },
      { kind: 'alphabeticalByArtist' },
      { kind: 'newest' },
      { kind: 'byYear', from: 2000, to: 2030 },
      { kind: 'byYear', from: 2030, to: 1900 },
      { kind: 'byYear', from: 2021, to: 2021 },
      { kind: 'byGenre', genre: 'Romantic Classical' },
      { kind: 'byGenre', genre: 'AMBIENT' },
      { kind: 'starred', userId: h.userId },
      { kind: 'highest', userId: h.userId },
    ];
    for (const order of orders) {
      for (const [limit, offset] of [[500, 0], [1, 0], [2, 1], [3, 4], [10, 6]] as const) {
        expect(await fromShelf(shelf, order, limit, offset), JSON.stringify({ order, limit, offset })).toEqual(await fromQuery(order, limit, offset));
      }
    }
    // Albums without an album artist carry their songs' main performers, as the query gives them.
    expect([...shelf.albums.values()].find((a) => a.row.name === 'Loose')!.artists).toHaveLength(2);
    // Random: the albums of the library, none twice; an offset only shortens the last page.
    const random = shelfPage(shelf, { kind: 'random' }, 500, 0)!;
    expect(random.map((a) => a.row.id).sort()).toEqual([...albums].sort());
    expect(random).toEqual(expect.arrayContaining(await fromQuery({ kind: 'alphabeticalByName' }, 500, 0)));
    expect(shelfPage(shelf, { kind: 'random' }, 4, albums.length - 2)).toHaveLength(2);
    // Lists it does not hold go to their queries: plays, and a genre no album has.
    expect(shelfPage(shelf, { kind: 'frequent' }, 10, 0)).toBeNull();
    expect(shelfPage(shelf, { kind: 'recent' }, 10, 0)).toBeNull();
    expect(shelfPage(shelf, { kind: 'byGenre', genre: 'Polka' }, 10, 0)).toBeNull();
  });

  it('is dropped by any change to what it holds, and read again once the catalogue is quiet', async () => {
    let clock = 0;
    const shelves = createAlbumShelf(db, { log: silentLogger, quietMs: 1_000, clock: () => clock });
    // The first look starts a read; until it is done the queries answer.
    expect(await shelves.current()).toBeNull();
    await shelves.settled();
    const first = await shelves.current();
    expect(first).not.toBeNull();
    const [album] = await fromQuery({ kind: 'alphabeticalByName' }, 1, 0);
    const song = String(((await api.json('getAlbum', { id: album!.row.id })).album as { song: { id: string }[] }).song[0]!.id);

    /** The shelf once the catalogue has been quiet: the change seen, the quiet time passed, the read done. */
    const reread = async () => {
      await shelves.current();
      clock += 1_000;
      expect(await shelves.current()).toBeNull();
      await shelves.settled();
      return (await shelves.current())!;
    };

    // A play counts on its album: that shelf no longer holds the catalogue as it stands.
    await ok('scrobble', { id: song });
    expect(await shelves.current()).toBeNull();
    await shelves.settled();
    // Not read again while the catalogue may still be changing...
    expect(await shelves.current()).toBeNull();
    // ...then read again, with the play.
    expect((await reread()).albums.get(album!.row.id)!.row.play_count).toBe(album!.row.play_count + 1);

    // The album artist's new name; the credits of songs; the genres.
    const artist = album!.artists[0]!;
    await db.query('update artists set name = $2 where id = $1', [artist.id, 'Renamed Artist']);
    expect(await shelves.current()).toBeNull();
    expect((await reread()).albums.get(album!.row.id)!.artists[0]!.name).toBe('Renamed Artist');
    await db.query('update artists set name = $2 where id = $1', [artist.id, artist.name]);
    for (const write of ["update track_artists set position = position where role = 'primary'", "delete from album_genres where genre = 'ambient'"]) {
      expect(await reread(), write).not.toBeNull();
      await db.query(write);
      expect(await shelves.current(), write).toBeNull();
    }
    // A statement that changes no row keeps it.
    const kept = await reread();
    expect(kept).not.toBeNull();
    await db.query("update albums set name = name where id = 'none'");
    await db.query("delete from artists where id = 'none'");
    expect(await shelves.current()).toBe(kept);
  });

  it('announces every change when it commits, and drops the shelf when told of one', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('subsonic_albums', (payload) => heard.push(payload));
    try {
      await db.transaction(async (tx) => {
        await tx.query("update albums set year = year where song_count > 0");
        await tx.query("update albums set year = year where song_count > 0");
      });
      await vi.waitFor(() => expect(heard).toEqual(['']));
    } finally {
      await unlisten();
    }
    const shelves = createAlbumShelf(db, { log: silentLogger, quietMs: 0 });
    await shelves.current();
    await shelves.settled();
    expect(await shelves.current()).not.toBeNull();
    shelves.changed();
    expect(await shelves.current()).toBeNull();
    // A change told of while a read is under way: that read is not kept.
    shelves.changed();
    expect(await shelves.current()).toBeNull();
    const reading = shelves.settled();
    shelves.changed();
    await reading;
    expect(await shelves.current()).toBeNull();
    await shelves.settled();
    expect(await shelves.current()).not.toBeNull();
  });
  it('keeps the album ratings and latest plays of each listener who asked, and is dropped when one changes', async () => {
    const shelves = createAlbumShelf(db, { log: silentLogger, quietMs: 0 });
    const fresh = async () => {
      await shelves.current();
      await shelves.settled();
      return (await shelves.current())!;
    };
    const [album, other] = await fromQuery({ kind: 'alphabeticalByName' }, 2, 0);
    const id = album!.row.id;
    await ok('setRating', { id, rating: '0' });
    let shelf = await fresh();
    expect((await shelfCallerFacts(db, shelf, h.userId))!.get(id)?.rating ?? null).toBeNull();
    // Read once per listener while the shelf stands.
    expect(shelfCallerFacts(db, shelf, h.userId)).toBe(shelfCallerFacts(db, shelf, h.userId));
    await ok('setRating', { id, rating: '3' });
    expect(await shelves.current()).toBeNull();
    shelf = await fresh();
    expect((await shelfCallerFacts(db, shelf, h.userId))!.get(id)).toMatchObject({ rating: 3 });
    // A song's rating is not the shelf's.
    const song = String(((await api.json('getAlbum', { id: other!.row.id })).album as { song: { id: string }[] }).song[0]!.id);
    await ok('setRating', { id: song, rating: '2' });
    expect(await shelves.current()).toBe(shelf);
    await ok('scrobble', { id: song });
    expect(await shelves.current()).toBeNull();
    shelf = await fresh();
    expect(Date.parse(String((await shelfCallerFacts(db, shelf, h.userId))!.get(other!.row.id)?.played))).not.toBeNaN();
    // The list carries them, from the module's own shelf or from the list's query.
    const listed = (await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '2' })).albumList2 as { album: Record<string, unknown>[] };
    expect(listed.album[0]).toMatchObject({ id, userRating: 3 });
    expect(typeof listed.album[1]!.played).toBe('string');
    await ok('setRating', { id, rating: '0' });
  });
});
