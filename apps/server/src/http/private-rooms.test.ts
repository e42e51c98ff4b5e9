import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, usersStore } from '../backend/module.js';
import { createTestClock } from '../backend/test/clock.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ALL_ENGINES } from '../test/db.js';
import { IN_PROCESS, SIGN_IN_TO_LISTEN } from './private-gate.js';

/**
 * A listening room on a private server (ACCESS=private): its link works for
 * an anonymous guest. The room's page loads, and the key joining gave the
 * guest (X-Lyra-Room-Key, or `roomKey=` for an audio element) opens the audio
 * and the details of the songs in that room's queue, over a real socket and
 * in process, and nothing else: another song, a cover, the catalogue's API, another room's
 * songs, a forged key, and no song once the room has ended.
 */
const REFUSED = { success: false, message: SIGN_IN_TO_LISTEN };
const PASSWORD = 'password123';
const V1 = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };

// The rooms' SQL the gate asks (rooms/room-access.ts, migration 0551's index): both engines.
describe.each(ALL_ENGINES)('listening rooms on a private server (%s)', (engine) => {
  const clock = createTestClock();
  // Held still where a test needs the gate's memory to outlast it (ended rooms).
  let stillAt: number | null = null;
  const now = () => stillAt ?? clock.now();
  let s: TestServer;
  let musicDir: string;
  let songs: string[];
  let cookie: string;

  const v1 = async (method: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) => {
    const res = await fetch(`${s.endpoint}${path}`, { method, headers: { ...V1, ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> & { room: { $id: string }; you: { key?: string } } };
  };
  /** A room of the host's with `songIds` in its queue, and an anonymous guest's key to it. */
  async function roomWith(songIds: string[]): Promise<{ id: string; key: string }> {
    const started = await v1('POST', '/rooms', {}, { cookie });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.room.$id;
    for (const songId of songIds) expect((await v1('POST', `/rooms/${id}/songs`, { songId, durationMs: 2000 }, { cookie })).status).toBe(201);
    const joined = await v1('POST', `/rooms/${id}/members`, { name: 'Zoe' });
    expect(joined.status).toBe(200);
    return { id, key: joined.body.you.key! };
  }
  /** The status of `path` over a real socket with the key as a header, as `roomKey=`, and in process. */
  async function statuses(path: string, key: string): Promise<number[]> {
    const sep = path.includes('?') ? '&' : '?';
    const answers = [
      await fetch(s.baseUrl + path, { headers: { 'x-lyra-room-key': key } }),
      await fetch(`${s.baseUrl}${path}${sep}roomKey=${encodeURIComponent(key)}`),
      await s.app.request(path, { headers: { 'x-lyra-room-key': key } }),
    ];
    for (const res of answers) {
      if (res.status === 401) expect(await res.json()).toEqual(REFUSED);
      else await res.body?.cancel();
    }
    return answers.map((r) => r.status);
  }

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-private-rooms-'));
    for (const [i, f] of [440, 660].entries()) {
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${f}:duration=2`,
        '-c:a', 'libmp3lame', '-b:a', '64k', '-metadata', `title=Tone ${i + 1}`, '-metadata', 'artist=Mira Solen', join(musicDir, `0${i + 1} tone.mp3`)]);
    }
    s = await startTestServer(engine, { MUSIC_DIR: musicDir, ACCESS: 'private' }, ['catalogue', 'backend', 'web'], { now });
    expect((await s.app.hono.request('/api/admin/rescan?wait=true', { method: 'POST' }, IN_PROCESS)).status).toBe(200);
    songs = (await s.testDb.db.query<{ id: string }>('select id from tracks order by id')).map((r) => r.id);
    expect(songs).toHaveLength(2);
    // Sign-ups are closed on a private server: the host's account is made as its owner would, in the database.
    const email = 'host@example.org';
    await usersStore(s.testDb.db).insert({ id: 'host', email, name: 'Host', passwordHash: await hashPassword(PASSWORD), emailVerification: true, at: new Date(clock.now()) });
    const res = await fetch(`${s.endpoint}/account/sessions/email`, { method: 'POST', headers: V1, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(res.status).toBe(201);
    // The session's cookies as a Cookie header (a cleared one, `name=`, left out).
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0]!)
      .filter((c) => c.slice(c.indexOf('=') + 1) !== '')
      .join('; ');
  });
  afterAll(async () => {
    await s?.close();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });

  it("a room's link loads its page for a visitor, and an anonymous guest's key opens the audio and details of the room's songs", async () => {
    const [inRoom, other] = songs as [string, string];
    const room = await roomWith([inRoom]);
    const page = await fetch(`${s.baseUrl}/room/${room.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // The guest reads the room (its queue's song ids) with the key.
    expect((await fetch(`${s.endpoint}/rooms/${room.id}`, { headers: { ...V1, 'x-lyra-room-key': room.key } })).status).toBe(200);

    // The song's audio, and its details for the room page to show and play.
    for (const path of [`/media/${encodeURIComponent(inRoom)}/160.mp4`, `/api/songs?ids=${encodeURIComponent(inRoom)}`]) {
      for (const status of await statuses(path, room.key)) expect(status, path).toBeLessThan(300);
    }
    // Without the key, the audio stays closed.
    expect((await fetch(`${s.baseUrl}/media/${encodeURIComponent(inRoom)}/160.mp4`)).status).toBe(401);
    // The key opens nothing else: another song (alone or beside the room's), the song's cover, the catalogue's API.
    const otherPaths = [
      `/media/${encodeURIComponent(other)}/160.mp4`,
      `/api/songs?ids=${encodeURIComponent(other)}`,
      `/api/songs?ids=${encodeURIComponent(inRoom)},${encodeURIComponent(other)}`,
      `/api/songs/${encodeURIComponent(inRoom)}/suggestions`,
      `/images/${encodeURIComponent(inRoom)}/150.jpg`,
      '/api/home/rows',
    ];
    for (const path of otherPaths) {
      expect(await statuses(path, room.key), path).toEqual([401, 401, 401]);
    }
  });

  it("a key opens only its own room's songs; a forged key and an ended room's key open nothing", async () => {
    const [first, second] = songs as [string, string];
    const a = await roomWith([first]);
    // The host's new room ends the last (one room at a time): the second room is open, the first has ended.
    const b = await roomWith([second]);
    const media = (id: string) => `/media/${encodeURIComponent(id)}/160.mp4`;
    for (const status of await statuses(media(second), b.key)) expect(status).toBeLessThan(300);
    expect(await statuses(media(first), b.key)).toEqual([401, 401, 401]);
    expect(await statuses(media(first), a.key)).toEqual([401, 401, 401]);
    // The right member with a wrong secret.
    const forged = `${b.key.split('.')[0]!}.${'0'.repeat(64)}`;
    expect(await statuses(media(second), forged)).toEqual([401, 401, 401]);
    expect(await statuses(media(second), 'not-a-key')).toEqual([401, 401, 401]);
    // The host ends the room: with the clock held still (the gate's memory of its yes never runs out), the gate is
    // told to forget, and the key opens nothing.
    stillAt = clock.now();
    try {
      for (const status of await statuses(media(second), b.key)) expect(status).toBeLessThan(300);
      expect((await fetch(`${s.endpoint}/rooms/${b.id}`, { method: 'DELETE', headers: { ...V1, cookie }, body: '{}' })).status).toBe(204);
      await expect.poll(() => statuses(media(second), b.key)).toEqual([401, 401, 401]);
    } finally {
      stillAt = null;
    }
  });

  it("moves on by a song's exact length from its file, not the whole seconds the app sends; an unknown song keeps the app's", async () => {
    const started = await v1('POST', '/rooms', {}, { cookie });
    const id = started.body.room.$id;
    const [row] = await s.testDb.db.query<{ ms: number }>('select duration_s * 1000 as ms from tracks where id = $1', [songs[0]!]);
    const ms = row!.ms;
    expect(Math.round(ms)).not.toBe(2000);
    const added = await v1('POST', `/rooms/${id}/songs`, { songId: songs[0], durationMs: 2000 }, { cookie });
    expect(added.status).toBe(201);
    const queue = () => (added.body.room as unknown as { queue: { songId: string; durationMs: number }[] }).queue;
    expect(queue().map((e) => [e.songId, e.durationMs])).toEqual([[songs[0], Math.round(ms)]]);
    const unknown = await v1('POST', `/rooms/${id}/songs`, { songId: 'not-in-the-library', durationMs: 2000 }, { cookie });
    expect(unknown.status).toBe(201);
    expect((unknown.body.room as unknown as { queue: { durationMs: number }[] }).queue.map((e) => e.durationMs)).toEqual([Math.round(ms), 2000]);
  });
});
