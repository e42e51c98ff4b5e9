/**
 * Artists' generated pictures drawn ahead (artist-pictures-pass.ts): after a scan, the pictures of
 * the artists Library's Artists lists without an album cover of their own are put on disk, in the
 * list's order, a bounded number a round; /images then serves them as they are, and one not drawn
 * yet is still drawn on its first request.
 */
import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { generatedArtistPictureId } from '../media/generated-artist-picture.js';
import { createImageStore, type ImageStore } from '../media/image-store.js';
import { createOpenFileCache, etagOf } from '../media/open-file-cache.js';
import { makeArtist, makeCover, makeTrack } from '../test/factory.js';
import { ARTIST_PICTURE_SIDES, artistPicturesPass } from './artist-pictures-pass.js';
import type { LibraryPass } from './pass-runner.js';

const exists = (path: string) => access(path).then(() => true, () => false);

describe.each(ENGINES)('artist pictures drawn ahead (%s)', (engine) => {
  let t: TestDb;
  let dir: string;
  let images: ImageStore;
  const ids: Record<string, string> = {};
  const drawnFor: string[] = [];
  const picture = (name: string, side: number) => join(dir, 'images', generatedArtistPictureId(ids[name]!, name), `${side}.jpg`);
  /** What the image store draws, noted by artist name. */
  const drawer = () => ({
    drawArtistPicture: (artistId: string, name: string, sides: readonly number[]) => {
      drawnFor.push(name);
      return images.drawArtistPicture(artistId, name, sides);
    },
  });
  /** One round, as the pass runner does it: batches until one has nothing, then finish. */
  const round = async (pass: LibraryPass) => {
    const signal = new AbortController().signal;
    let made = 0;
    for (let n = await pass.batch(signal); n > 0; n = await pass.batch(signal)) made += n;
    await pass.finish?.(signal);
    return made;
  };

  beforeAll(async () => {
    t = await createTestDb(engine, { migrated: ['catalogue'] });
    const db = t.db;
    const cover = await makeCover(db);
    await makeTrack(db, { title: 'Pier', artists: ['Zed Moss'], album: { name: 'Harbour', artist: 'Zed Moss' } });
    await makeTrack(db, { title: 'Dawn', artists: ['Ana Bell', { name: 'Teo Vance', role: 'featured' }], album: { name: 'Dawn', artist: 'Ana Bell' } });
    await makeTrack(db, { title: 'Glass', artists: ['Mira Solen'], album: { name: 'Glass', artist: 'Mira Solen', coverId: cover }, coverId: cover });
    for (const name of ['Zed Moss', 'Ana Bell', 'Teo Vance']) ids[name] = await makeArtist(db, name);
    // Mira has her album's cover; Nobody is on no song (Library does not list them).
    ids['Mira Solen'] = await makeArtist(db, 'Mira Solen', cover);
    ids['Nobody'] = await makeArtist(db, 'Nobody');
  });
  afterAll(() => t.drop());

  beforeEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = await mkdtemp(join(tmpdir(), 'lyra-artist-pictures-'));
    images = createImageStore({ db: t.db, log: silentLogger, coversDir: join(dir, 'covers'), cacheDir: join(dir, 'images'), files: createOpenFileCache(Date.now) });
    drawnFor.length = 0;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("draws every listed artist's picture without an album cover, in the list's order, once", async () => {
    const pass = artistPicturesPass({ db: t.db, log: silentLogger, images: drawer() });
    expect(await round(pass)).toBe(3);
    expect(drawnFor).toEqual(['Ana Bell', 'Teo Vance', 'Zed Moss']);
    for (const name of ['Ana Bell', 'Teo Vance', 'Zed Moss']) {
      for (const side of ARTIST_PICTURE_SIDES) expect(await exists(picture(name, side)), `${name} ${side}`).toBe(true);
    }
    expect(await exists(join(dir, 'images', generatedArtistPictureId(ids['Mira Solen']!, 'Mira Solen')))).toBe(false);
    expect(await exists(join(dir, 'images', generatedArtistPictureId(ids['Nobody']!, 'Nobody')))).toBe(false);

    // The next round (after another scan) has nothing to draw, and does not look at the disk again.
    drawnFor.length = 0;
    expect(await round(pass)).toBe(0);
    expect(drawnFor).toEqual([]);
  });

  it('goes on past a picture that cannot be drawn', async () => {
    const failing = {
      drawArtistPicture: (artistId: string, name: string, sides: readonly number[]) =>
        name === 'Ana Bell' ? Promise.reject(new Error('no fonts')) : drawer().drawArtistPicture(artistId, name, sides),
    };
    expect(await round(artistPicturesPass({ db: t.db, log: silentLogger, images: failing }))).toBe(2);
    expect(drawnFor).toEqual(['Teo Vance', 'Zed Moss']);
    expect(await exists(picture('Zed Moss', 500))).toBe(true);
  });

  it('serves a picture drawn ahead as it is on disk', async () => {
    await round(artistPicturesPass({ db: t.db, log: silentLogger, images: drawer() }));
    const reply = await images.reply(generatedArtistPictureId(ids['Ana Bell']!, 'Ana Bell'), 150, { method: 'GET' });
    expect(reply.kind).toBe('file');
    if (reply.kind !== 'file') return;
    expect(reply.file.etag).toBe(etagOf(await stat(picture('Ana Bell', 150))));
    reply.file.release();
  });

  it('draws a bounded number a round and goes on from there the next; one not drawn yet is drawn on its first request', async () => {
    const pass = artistPicturesPass({ db: t.db, log: silentLogger, images: drawer(), perRound: 2 });
    expect(await round(pass)).toBe(2);
    expect(drawnFor).toEqual(['Ana Bell', 'Teo Vance']);
    expect(await exists(picture('Zed Moss', 150))).toBe(false);

    const first = await images.reply(generatedArtistPictureId(ids['Zed Moss']!, 'Zed Moss'), 150, { method: 'GET' });
    expect(first.status).toBe(200);
    if (first.kind === 'file') first.file.release();
    expect(await exists(picture('Zed Moss', 150))).toBe(true);

    // The next round draws what the request left (its 500 px side) and nothing twice.
    expect(await round(pass)).toBe(1);
    expect(drawnFor).toEqual(['Ana Bell', 'Teo Vance', 'Zed Moss']);
    expect(await exists(picture('Zed Moss', 500))).toBe(true);
  });
});
