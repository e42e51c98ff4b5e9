import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedRangeLoad, type VerifiedFile } from '../../../../bench/lib/verified-range-load.mjs';
import { rawGet } from '../catalogue/media/test/fixtures.js';
import type { TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { addLongTone, client, EMAIL, PASSWORD, query, startServerHarness, type Harness } from './test/harness.js';
import { list, obj } from './test/library-api.js';

/**
 * Never the wrong bytes: Range reads of cached tiers (/media) and of original files (/rest/download),
 * one in eight dropped mid-body, beside searches and document writes, on a real socket. Every body
 * that arrives is compared byte for byte with the file it names. (`npm run bench:backend` runs the
 * same load for longer, against the built server in a process of its own.)
 */
describe.each(ENGINES)('media bytes under mixed load (%s)', (engine) => {
  let h: Harness & { t: TestServer };
  let port: number;
  const files: VerifiedFile[] = [];

  beforeAll(async () => {
    h = await startServerHarness(engine);
    port = Number(new URL(h.t.baseUrl).port);
    await addLongTone(h);
    const api = client(h.t, { u: EMAIL, p: h.creds.password });
    const songs = list(obj((await api.json('getRandomSongs', { size: '100' })).randomSongs).song).sort((a, b) => Number(b.size) - Number(a.size));
    const auth = query({ u: EMAIL, p: h.creds.password, c: 'test', v: '1.16.1' });
    for (const song of songs.slice(0, 6)) {
      const id = String(song.id);
      // The first play transcodes; the tier is a cached file once an answer has a length.
      for (let i = 0; i < 200 && (await rawGet(port, `/media/${id}/160.mp4`)).headers['content-length'] === undefined; i++);
      const dir = join(h.t.dataDir, 'cache/audio', id);
      const name = (await readdir(dir)).find((f) => f.startsWith('160-') && f.endsWith('.mp4'))!;
      files.push({ path: `/media/${id}/160.mp4`, bytes: await readFile(join(dir, name)) });
    }
    for (const song of songs.slice(0, 3)) {
      files.push({ path: `/rest/download?${auth}&id=${String(song.id)}`, bytes: await readFile(join(h.musicDir, String(song.path))) });
    }
  });
  afterAll(async () => h?.close());

  it('sends every Range read exactly the bytes of its own file, while readers drop out and others search and write', async () => {
    const base = h.t.baseUrl;
    const session = await fetch(`${base}/v1/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(session.status).toBe(201);
    const cookie = session.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const others = { searches: 0, writes: 0, failures: [] as string[] };
    let done = false;
    const loop = (fn: () => Promise<Response>, count: 'searches' | 'writes') => async () => {
      while (!done) {
        const r = await fn();
        await r.arrayBuffer();
        others[count]++;
        if (r.status >= 500) others.failures.push(`${count}: ${r.status}`);
      }
    };
    const words = ['battle', 'harbour', 'echo', 'victory', 'the', 'paper', 'night'];
    const search = () => fetch(`${base}/api/search/songs?query=${words[others.searches % words.length]}&limit=15`);
    const write = () =>
      fetch(`${base}/v1/databases/lyra/collections/Favorite/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', cookie },
        body: JSON.stringify({ documentId: 'unique()', data: { userId: h.userId, songId: `s-${others.writes}` } }),
      });
    const background = [...Array.from({ length: 3 }, loop(search, 'searches')), ...Array.from({ length: 3 }, loop(write, 'writes'))];
    const load = await verifiedRangeLoad({ port, files, readers: 16, reads: 1500, dropEvery: 8 }).finally(() => (done = true));
    await Promise.all(background);

    expect(load.wrong).toEqual([]);
    expect(load.wrongCount).toBe(0);
    expect(load.reads + load.dropped).toBeGreaterThanOrEqual(1500);
    expect(load.dropped).toBeGreaterThan(100);
    expect(others.failures).toEqual([]);
    expect(others.searches).toBeGreaterThan(0);
    expect(others.writes).toBeGreaterThan(0);
  });
});
