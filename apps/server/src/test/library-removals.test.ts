import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_CHANNEL } from '@lyra/contracts/catalogue-events';
import type { RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { songsRemovedEvent, type BackendModule } from '../backend/module.js';
import { createSdkClient, type SdkClient } from '../backend/test/sdk.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ENGINES } from './db.js';

/**
 * Several libraries (MUSIC_DIRS), one open to chosen accounts only: the ids of songs a scan removed from it go
 * over realtime to the administrators and the accounts granted it, never to a listener or a guest who may not
 * see it; songs removed from a library open to everyone reach everyone, as before.
 */
type Event = RealtimeResponseEvent<Record<string, unknown>>;

const song = (dir: string, name: string, title: string) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1',
    '-c:a', 'libmp3lame', '-b:a', '64k', '-metadata', `title=${title}`, '-metadata', 'artist=Tam Oduya', join(dir, name)]);

const removedIn = (got: Event[]) => got.flatMap((e) => e.payload.removed as string[]);

describe.each(ENGINES)('removed songs over realtime, per library (%s)', (engine) => {
  let s: TestServer;
  let open: string;
  let kept: string;
  let backend: BackendModule;
  const sockets: SdkClient[] = [];

  beforeAll(async () => {
    open = await mkdtemp(join(tmpdir(), 'lyra-open-lib-'));
    kept = await mkdtemp(join(tmpdir(), 'lyra-kept-lib-'));
    song(open, 'a.mp3', 'Open Shore');
    song(open, 'b.mp3', 'Open Road');
    song(kept, 'c.mp3', 'Kept Letter');
    song(kept, 'd.mp3', 'Kept Diary');
    s = await startTestServer(engine, { MUSIC_DIRS: `Open=${open};Kept=${kept}`, LOUDNESS_SCAN: 'off' }, ['catalogue', 'backend']);
    backend = s.app.modules.find((m) => m.name === 'backend') as BackendModule;
    expect((await s.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
  });
  afterAll(async () => {
    for (const c of sockets) await c.realtime.disconnect();
    await s?.close();
    for (const dir of [open, kept]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  const idOf = async (path: string) => (await s.testDb.db.query<{ id: string }>('select id from tracks where path = $1', [path]))[0]!.id;
  async function listen(client: SdkClient): Promise<Event[]> {
    const got: Event[] = [];
    sockets.push(client);
    await client.realtime.subscribe(CATALOGUE_CHANNEL, (e) => void got.push(e as Event));
    return got;
  }
  /** Frames keep their order on a socket: once a probe published after the scan is in, the scan's events are too. */
  let probes = 0;
  const probe = () => `probe-${++probes}`;
  const heard = (got: Event[], id: string) => removedIn(got).includes(id);

  it('tells the administrator and the granted account of a removed song of the restricted library, nobody else', async () => {
    // The first account is the administrator.
    const admin = await signedInClient(s.baseUrl, 'admin');
    const granted = await signedInClient(s.baseUrl, 'granted');
    const other = await signedInClient(s.baseUrl, 'other');
    await admin.client.call('put', new URL(`${s.endpoint}/admin/libraries/kept`), { 'content-type': 'application/json' }, { everyone: false, userIds: [granted.userId] });
    const clients = { admin: await listen(admin), granted: await listen(granted), other: await listen(other), guest: await listen(createSdkClient(s.baseUrl)) };
    const all = Object.values(clients);
    // Live subscriptions: each socket has heard one of the probes published to everyone until they all have.
    await vi.waitFor(
      async () => {
        await backend.events.publish(songsRemovedEvent([probe()], Date.now()));
        expect(all.every((got) => removedIn(got).some((id) => id.startsWith('probe-')))).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );

    const keptSong = await idOf('kept/c.mp3');
    const openSong = await idOf('open/a.mp3');
    await unlink(join(kept, 'c.mp3'));
    await unlink(join(open, 'a.mp3'));
    expect((await s.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    const after = probe();
    await backend.events.publish(songsRemovedEvent([after], Date.now()));
    for (const got of all) await expect.poll(() => heard(got, after), { timeout: 10_000, interval: 50 }).toBe(true);

    for (const got of all) expect(heard(got, openSong)).toBe(true);
    expect([clients.admin, clients.granted].map((got) => heard(got, keptSong))).toEqual([true, true]);
    expect([clients.other, clients.guest].map((got) => heard(got, keptSong))).toEqual([false, false]);
    // Nothing of the restricted library's song is left in what they received.
    for (const got of [clients.other, clients.guest]) expect(JSON.stringify(got)).not.toContain(keptSong);
    // The notes of the removed songs' libraries are taken once announced.
    expect(await s.testDb.db.query('select id from catalogue_removed_songs where id = any($1::text[])', [[keptSong, openSong]])).toEqual([]);
  });
});
