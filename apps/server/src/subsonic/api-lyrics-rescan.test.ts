import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueModule } from '../catalogue/module.js';
import { ENGINES } from '../test/db.js';
import { checks, list, obj } from './test/checks.js';
import { client, EMAIL, startServerHarness, type Client, type Harness } from './test/harness.js';
import type { TestServer } from '../backend/test/server.js';

/**
 * A sidecar .lrc put beside a song that was scanned already, the song's file left as it is: the next
 * rescan an app starts (startScan) brings its lyrics to getLyricsBySongId, on the running server with
 * its background passes, as an app would see it.
 */
describe.each(ENGINES)('lyrics added after a scan, through a Subsonic rescan (%s)', (engine) => {
  let h: Harness & { t: TestServer };
  let api: Client;
  let c: ReturnType<typeof checks>;
  const passesIdle = () => (h.t.app.modules.find((m) => m.name === 'catalogue') as CatalogueModule).passesIdle();

  beforeAll(async () => {
    h = await startServerHarness(engine);
    await h.t.testDb.db.query(`update users set labels = array['admin'] where id = $1`, [h.userId]);
    api = client(h.t, { u: EMAIL, p: h.creds.password });
    c = checks(api);
  });
  afterAll(async () => h?.close());

  const lyricsOf = async (id: string) => list(obj((await c.both('getLyricsBySongId', { id })).json.lyricsList).structuredLyrics);

  it('startScan picks up the .lrc without the audio file being touched', async () => {
    const songs = list(obj((await c.both('search3', { query: '', songCount: '500', albumCount: '0', artistCount: '0' })).json.searchResult3).song);
    await passesIdle();
    const without: { id: string; path: string }[] = [];
    for (const s of songs) if ((await lyricsOf(String(s.id))).length === 0) without.push({ id: String(s.id), path: String(s.path) });
    const folder = (path: string) => path.replace(/[^/]*$/, '');
    // A song without lyrics and another one beside it, also without.
    const song = without.find((s) => without.some((o) => o.id !== s.id && folder(o.path) === folder(s.path)))!;
    expect(song, 'two fixture songs without lyrics in one folder').toBeDefined();
    const neighbour = without.find((o) => o.id !== song.id && folder(o.path) === folder(song.path))!;

    await writeFile(join(h.musicDir, song.path.replace(/\.[^./]+$/, '.lrc')), '[00:00.50]Added later\n[00:02.00]Second line\n');
    expect(obj((await c.once('startScan')).scanStatus).scanning).toBe(true);
    await expect.poll(async () => obj((await c.both('getScanStatus')).json.scanStatus).scanning, { timeout: 60_000 }).toBe(false);
    await passesIdle();

    const [lyrics] = await lyricsOf(song.id);
    expect(lyrics).toMatchObject({ synced: true, line: [{ start: 500, value: 'Added later' }, { start: 2000, value: 'Second line' }] });
    // The other song of that folder keeps having none.
    expect(await lyricsOf(neighbour.id)).toEqual([]);
  });
});
