import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, rawGetAborted } from '../catalogue/media/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import type { VideoModule } from '../video/module.js';
import { addLongTone, client, EMAIL, query, startServerHarness, type Harness } from './test/harness.js';
import type { TestServer } from '../backend/test/server.js';
import { list, obj } from './test/library-api.js';

/**
 * Every route that sends a file, read again after readers left mid-body (a
 * browser drops the connection on every seek): each later read gets exactly
 * the file's bytes, never an empty body or another file's bytes. Ranged and
 * whole reads of two files are interleaved, so a descriptor closed by a
 * dropped read and reused for the other file would show.
 */
describe.each(ENGINES)('reads after dropped reads, on every file route (%s)', (engine) => {
  let h: Harness & { t: TestServer };
  let port: number;
  const routes: { name: string; path: string }[] = [];

  beforeAll(async () => {
    h = await startServerHarness(engine);
    await addLongTone(h);
    port = Number(new URL(h.t.baseUrl).port);
    const api = client(h.t, { u: EMAIL, p: h.creds.password });
    const songs = list(obj((await api.json('getRandomSongs', { size: '100' })).randomSongs).song);
    // The long tone and the largest other song: many 256 KB chunks each, so a dropped read leaves mid-file.
    const [big, second] = songs.sort((a, b) => Number(b.size) - Number(a.size));
    const auth = query({ u: EMAIL, p: h.creds.password, c: 'test', v: '1.16.1' });
    const video = h.t.app.modules.find((m): m is VideoModule => m.name === 'video')!;
    for (const song of [big!, second!]) {
      const id = String(song.id);
      const scratch = await video.store.scratchPath('mp4');
      await writeFile(scratch, randomBytes(3 * 1024 * 1024));
      await video.store.commit(id, 'mp4', scratch);
      const cover = String(song.coverArt);
      routes.push(
        { name: `/media tier of ${id}`, path: `/media/${id}/160.mp4` },
        { name: `/rest/stream format=raw of ${id}`, path: `/rest/stream?${auth}&id=${id}&format=raw` },
        { name: `/rest/stream (no format: the file as it is) of ${id}`, path: `/rest/stream?${auth}&id=${id}` },
        { name: `/rest/download of ${id}`, path: `/rest/download?${auth}&id=${id}` },
        { name: `/rest/stream (a tier) of ${id}`, path: `/rest/stream?${auth}&id=${id}&maxBitRate=128` },
        { name: `/images cover ${cover}`, path: `/images/${cover}/500.jpg` },
        { name: `/rest/getCoverArt ${cover}`, path: `/rest/getCoverArt?${auth}&id=${cover}` },
        { name: `/videos preview of ${id}`, path: `/videos/${id}/preview.mp4` },
      );
    }
  });
  afterAll(async () => h?.close());

  // Three rounds of five reads on each of sixteen routes: minutes on a busy machine.
  it('answers each later read, whole or ranged, with exactly the bytes of the file asked for', { timeout: 240_000 }, async () => {
    const whole = new Map<string, Buffer>();
    for (const r of routes) {
      // A tier is transcoded on the first read: read until it comes from the cache with a length.
      let res = await rawGet(port, r.path);
      for (let i = 0; i < 100 && res.headers['content-length'] === undefined; i++) res = await rawGet(port, r.path);
      expect(res.status, r.name).toBe(200);
      expect(res.headers['content-length'], r.name).toBe(String(res.body.length));
      whole.set(r.path, res.body);
    }
    for (let round = 0; round < 3; round++) {
      for (const [i, r] of routes.entries()) {
        const body = whole.get(r.path)!;
        const other = routes[(i + 7) % routes.length]!;
        // Readers that leave: from the start, and from the middle.
        expect(await rawGetAborted(port, r.path), r.name).toBe(200);
        expect(await rawGetAborted(port, r.path, { range: `bytes=${body.length >> 1}-` }), r.name).toBe(206);
        const otherBody = whole.get(other.path)!;
        const [again, part, otherPart] = await Promise.all([
          rawGet(port, r.path),
          rawGet(port, r.path, { range: `bytes=${body.length >> 2}-` }),
          rawGet(port, other.path, { range: `bytes=${otherBody.length >> 3}-` }),
        ]);
        expect(again.status, r.name).toBe(200);
        expect(again.body.equals(body), `${r.name}, whole, round ${round}`).toBe(true);
        expect(part.status, r.name).toBe(206);
        expect(part.body.equals(body.subarray(body.length >> 2)), `${r.name}, from a quarter, round ${round}`).toBe(true);
        expect(otherPart.body.equals(otherBody.subarray(otherBody.length >> 3)), `${other.name} beside ${r.name}`).toBe(true);
      }
    }
  });
});
