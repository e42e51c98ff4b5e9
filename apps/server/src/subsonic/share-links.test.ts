import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../backend/test/clock.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { IN_PROCESS, SIGN_IN_TO_LISTEN, VERDICT_TTL_MS } from '../http/private-gate.js';
import { hashPassword, usersStore } from '../backend/module.js';
import { ENGINES } from '../test/db.js';
import { issueCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { SHARE_EXPIRED, SHARE_NOT_FOUND, shareTier } from './share-access.js';
import { sharesStore } from './shares.sql.js';
import { newShareId } from './shares.js';

/**
 * Public shares on a private server (ACCESS=private): the holder of a share link, signed in or not,
 * reads its description and plays its songs (and sees their covers), at the share's quality cap; any
 * other song, any other route, and a forged, expired or removed share answer as to any visitor.
 */
const REFUSED = { success: false, message: SIGN_IN_TO_LISTEN };

interface SharedSong {
  id: string;
  title: string;
  url: string;
  image: string;
}

describe.each(ENGINES)('share links on a private server (%s)', (engine) => {
  const clock = createTestClock();
  let s: TestServer;
  let musicDir: string;
  const ids: Record<'first' | 'second' | 'other', string> = { first: '', second: '', other: '' };
  let albumId = '';

  const tone = (file: string, title: string, album: string, track: number) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${300 + track * 100}:duration=2`,
      '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', `title=${title}`, '-metadata', 'artist=Mira Solen', '-metadata', `album=${album}`,
      '-metadata', `track=${track}`, join(musicDir, file)]);

  const share = async (itemIds: string[], extra: { expiresAt?: Date; maxBitRate?: number } = {}) => {
    const id = newShareId();
    const made = await sharesStore(s.testDb.db).create(
      { id, userId: 'owner', description: 'For the ferry', itemIds, expiresAt: extra.expiresAt ?? null, maxBitRate: extra.maxBitRate ?? null, at: new Date(clock.now()) },
      10,
    );
    expect(made).toBe(true);
    return id;
  };
  const opened = async (id: string) => {
    const res = await fetch(`${s.baseUrl}/api/shares/${id}`);
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; data?: { songs: SharedSong[]; description: string } } };
  };
  const refused = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, url).toBe(401);
    expect(await res.json(), url).toEqual(REFUSED);
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-share-music-'));
    tone('01 first.mp3', 'First Light', 'Harbour', 1);
    tone('02 second.mp3', 'Second Wind', 'Harbour', 2);
    tone('03 other.mp3', 'Elsewhere', 'Inland', 1);
    s = await startTestServer(engine, { MUSIC_DIR: musicDir, ACCESS: 'private' }, ['catalogue', 'backend', 'web'], { now: clock.now });
    expect((await s.app.hono.request('/api/admin/rescan?wait=true', { method: 'POST' }, IN_PROCESS)).status).toBe(200);
    const rows = await s.testDb.db.query<{ id: string; title: string; album_id: string }>('select id, title, album_id from tracks');
    const byTitle = (t: string) => rows.find((r) => r.title === t)!;
    ids.first = byTitle('First Light').id;
    ids.second = byTitle('Second Wind').id;
    ids.other = byTitle('Elsewhere').id;
    albumId = byTitle('First Light').album_id;
  });
  afterAll(async () => {
    await s?.close();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });

  it('lets an anonymous holder of an album share play its songs and see their covers, and nothing else', async () => {
    const id = await share([albumId]);
    const { status, body } = await opened(id);
    expect(status).toBe(200);
    expect(body.data!.description).toBe('For the ferry');
    const songs = body.data!.songs;
    expect(songs.map((x) => [x.id, x.title])).toEqual([[ids.first, 'First Light'], [ids.second, 'Second Wind']]);
    for (const song of songs) {
      expect(song.url).toBe(`${s.baseUrl}/media/${song.id}/160.mp4?share=${id}`);
      const audio = await fetch(song.url);
      expect(audio.status, song.url).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/mp4');
      expect(audio.headers.get('cache-control')).not.toMatch(/\bpublic\b/);
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      const cover = await fetch(song.image);
      expect(cover.status, song.image).toBe(200);
      await cover.arrayBuffer();
    }
    // In process (the Hono chain) as over the socket.
    expect((await s.app.request(`/media/${ids.first}/160.mp4?share=${id}`)).status).toBe(200);
    // Another song, the API, and the shared song without the share stay closed.
    await refused(`${s.baseUrl}/media/${ids.other}/160.mp4?share=${id}`);
    await refused(`${s.baseUrl}/api/home/rows?share=${id}`);
    await refused(`${s.baseUrl}/api/songs/${ids.first}?share=${id}`);
    await refused(`${s.baseUrl}/media/${ids.first}/160.mp4`);
    const inProcess = await s.app.request(`/media/${ids.other}/160.mp4?share=${id}`);
    expect(inProcess.status).toBe(401);
    expect(await inProcess.json()).toEqual(REFUSED);
    // Each opening counts as a visit.
    const [row] = await s.testDb.db.query<{ visit_count: number }>('select visit_count from subsonic_shares where id = $1', [id]);
    expect(row!.visit_count).toBe(1);
  });

  it('plays a song share at its quality cap and no higher', async () => {
    const id = await share([ids.other], { maxBitRate: 100 });
    expect(shareTier(100)).toBe(96);
    const { body } = await opened(id);
    expect(body.data!.songs.map((x) => x.url)).toEqual([`${s.baseUrl}/media/${ids.other}/96.mp4?share=${id}`]);
    const audio = await fetch(body.data!.songs[0]!.url);
    expect(audio.status).toBe(200);
    await audio.arrayBuffer();
    await refused(`${s.baseUrl}/media/${ids.other}/160.mp4?share=${id}`);
    await refused(`${s.baseUrl}/media/${ids.first}/96.mp4?share=${id}`);
  });

  it('refuses a forged, an expired and a removed share with a clear message', async () => {
    const forged = await opened('bm90LWEtc2hhcmUtaWQtYXQtYWxs');
    expect(forged).toEqual({ status: 404, body: { success: false, message: SHARE_NOT_FOUND } });
    await refused(`${s.baseUrl}/media/${ids.first}/160.mp4?share=bm90LWEtc2hhcmUtaWQtYXQtYWxs`);

    const expiring = await share([ids.first], { expiresAt: new Date(clock.now() + 60_000) });
    const removed = await share([ids.second]);
    expect((await fetch(`${s.baseUrl}/media/${ids.second}/160.mp4?share=${removed}`)).status).toBe(200);
    expect((await opened(expiring)).status).toBe(200);
    clock.advance(60_000 + VERDICT_TTL_MS);
    expect(await opened(expiring)).toEqual({ status: 410, body: { success: false, message: SHARE_EXPIRED } });
    await refused(`${s.baseUrl}/media/${ids.first}/160.mp4?share=${expiring}`);

    await sharesStore(s.testDb.db).remove(removed);
    clock.advance(VERDICT_TTL_MS);
    expect(await opened(removed)).toEqual({ status: 404, body: { success: false, message: SHARE_NOT_FOUND } });
    await refused(`${s.baseUrl}/media/${ids.second}/160.mp4?share=${removed}`);
  });
  it('opens a playlist share to its songs as the playlist is now, and nothing else; an expired or revoked one to nothing', async () => {
    const db = s.testDb.db;
    const email = 'lister@example.org';
    await usersStore(db).insert({ id: 'lister', email, name: 'Lister', passwordHash: await hashPassword('password123'), emailVerification: true, at: new Date(clock.now()) });
    const { password } = await issueCredentials(db, secretBox(await loadOrCreateKey(s.dataDir)), email, { rotate: false, now: new Date(clock.now()) });
    const rest = async (method: string, params: Record<string, string>) => {
      const query = new URLSearchParams({ u: email, p: password, c: 'test', v: '1.16.1', f: 'json', ...params });
      const body = ((await (await fetch(`${s.baseUrl}/rest/${method}?${query}`)).json()) as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
      expect(body.status, `${method}: ${JSON.stringify(body.error)}`).toBe('ok');
      return body;
    };
    const playlistId = (await rest('createPlaylist', { name: 'Night ferry', songId: ids.second })).playlist as { id: string };
    await rest('updatePlaylist', { playlistId: playlistId.id, songIdToAdd: ids.first });
    const made = (await rest('createShare', { id: playlistId.id })).shares as { share: { id: string }[] };
    const id = made.share[0]!.id;

    const page = await opened(id);
    expect(page.status).toBe(200);
    expect(page.body.data!.songs.map((x) => x.title)).toEqual(['Second Wind', 'First Light']);
    for (const song of page.body.data!.songs) {
      const audio = await fetch(song.url);
      expect(audio.status, song.url).toBe(200);
      await audio.arrayBuffer();
      const cover = await fetch(song.image);
      expect(cover.status, song.image).toBe(200);
      await cover.arrayBuffer();
    }
    await refused(`${s.baseUrl}/media/${ids.other}/160.mp4?share=${id}`);
    await refused(`${s.baseUrl}/api/playlists/${playlistId.id}?share=${id}`);

    // A song taken out of the playlist leaves the share (once the gate's remembered answer lapses).
    await rest('updatePlaylist', { playlistId: playlistId.id, songIndexToRemove: '0' });
    clock.advance(VERDICT_TTL_MS);
    expect((await opened(id)).body.data!.songs.map((x) => x.title)).toEqual(['First Light']);
    await refused(`${s.baseUrl}/media/${ids.second}/160.mp4?share=${id}`);

    // Expired: the page says so and the audio closes.
    await rest('updateShare', { id, expires: String(clock.now() + 60_000) });
    clock.advance(60_000 + VERDICT_TTL_MS);
    expect(await opened(id)).toEqual({ status: 410, body: { success: false, message: SHARE_EXPIRED } });
    await refused(`${s.baseUrl}/media/${ids.first}/160.mp4?share=${id}`);

    // Revoked: a second share of the playlist opens until its sharer deletes it.
    const again = ((await rest('createShare', { id: playlistId.id })).shares as { share: { id: string }[] }).share[0]!.id;
    const first = `${s.baseUrl}/media/${ids.first}/160.mp4?share=${again}`;
    const before = await fetch(first);
    expect(before.status).toBe(200);
    await before.arrayBuffer();
    await rest('deleteShare', { id: again });
    expect(await opened(again)).toEqual({ status: 404, body: { success: false, message: SHARE_NOT_FOUND } });
    await refused(first);
  });
});
