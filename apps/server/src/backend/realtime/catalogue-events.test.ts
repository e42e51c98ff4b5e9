import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rename, rm, unlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_CHANNEL, SONGS_REMOVED_EVENT } from '@lyra/contracts/catalogue-events';
import type { RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../app.js';
import type { Db } from '../../db/db.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { ENGINES } from '../../test/db.js';
import { signedInClient } from '../documents/test/sdk-users.js';
import type { BackendModule } from '../module.js';
import { createSdkClient, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { songsRemovedEvent } from './catalogue-events.js';

/**
 * A song deleted from the music folder leaves every open app's queue: the
 * watched folder's quick rescan removes it, and the ids it removed go out on the
 * public `catalogue` channel (backend-api.md §7), to guests and signed-in
 * listeners alike, within a few seconds (the live library's promise), and on
 * PostgreSQL to the sockets of the other server instances too.
 */
const LIVE_MS = 5_000;

type Event = RealtimeResponseEvent<Record<string, unknown>>;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const song = (dir: string, name: string, title: string) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:a', 'libmp3lame', '-b:a', '64k', '-metadata', `title=${title}`, '-metadata', 'artist=Mira Solen', '-metadata', 'album=Tide Tables', join(dir, name)]);

/** A client's subscription is live once the server has its `subscribe` frame: publish probes until one arrives. */
let probes = 0;
async function untilLive(backend: BackendModule, clients: Event[][]) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = `probe-${++probes}`;
    await backend.events.publish(songsRemovedEvent([probe], Date.now()));
    await pause(50);
    const has = (got: Event[]) => got.some((e) => (e.payload.removed as string[]).includes(probe));
    if (clients.every(has)) return;
  }
  throw new Error('subscription never went live');
}

const removedIn = (got: Event[]) => got.flatMap((e) => e.payload.removed as string[]).filter((id) => !id.startsWith('probe-'));

describe.each(ENGINES)('songs deleted from the music folder, over realtime on %s', (engine) => {
  let s: TestServer;
  let musicDir: string;
  let backend: BackendModule;
  let second: { app: App; db: Db; baseUrl: string; close(): Promise<void> } | null = null;
  const sockets: SdkClient[] = [];

  const trackId = async (path: string) =>
    (await s.testDb.db.query<{ id: string }>('select id from tracks where path = $1', [path]))[0]?.id;
  const found = async (word: string) => {
    const body = (await (await s.app.request(`/api/search/songs?query=${word}`)).json()) as { data: { results: { name: string }[] } };
    return body.data.results.map((r) => r.name);
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-removed-music-'));
    song(musicDir, '01 first.mp3', 'Low Water');
    song(musicDir, '02 second.mp3', 'Slack Tide');
    song(musicDir, '03 third.mp3', 'High Water');
    s = await startTestServer(engine, { MUSIC_DIR: musicDir, SCAN_WATCH: 'on' }, ['catalogue', 'backend']);
    backend = s.app.modules.find((m) => m.name === 'backend') as BackendModule;
    await s.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
    // The watcher is live once a song dropped in is found (quick rescans only).
    song(s.dataDir, 'incoming.mp3', 'Spring Tide');
    await rename(join(s.dataDir, 'incoming.mp3'), join(musicDir, '04 fourth.mp3'));
    await vi.waitFor(async () => expect(await found('spring')).toEqual(['Spring Tide']), { timeout: 30_000, interval: 100 });
    if (engine === 'postgres') {
      // A second server instance on the same database, without the catalogue.
      const db = await openPostgres(s.testDb.url!, 5);
      const app = await createApp({ config: s.config, db, log: silentLogger, now: Date.now }, ['backend']);
      const server = app.createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      await app.start();
      second = {
        app,
        db,
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        async close() {
          server.closeAllConnections();
          await app.stop();
          await new Promise<void>((r) => server.close(() => r()));
          await db.close();
        },
      };
    }
  });
  afterAll(async () => {
    for (const c of sockets) await c.realtime.disconnect();
    await second?.close();
    await s?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  async function listen(client: SdkClient): Promise<Event[]> {
    const got: Event[] = [];
    sockets.push(client);
    await client.realtime.subscribe(CATALOGUE_CHANNEL, (e) => void got.push(e as Event));
    return got;
  }

  it('sends the ids of the songs a deleted file took away to guests and signed-in listeners within a few seconds', async () => {
    const guest = await listen(createSdkClient(s.baseUrl));
    const member = await listen(await signedInClient(s.baseUrl, 'ada'));
    const elsewhere = second ? await listen(createSdkClient(second.baseUrl)) : null;
    const all = [guest, member, ...(elsewhere ? [elsewhere] : [])];
    await untilLive(backend, all);

    const slack = (await trackId('02 second.mp3'))!;
    expect(slack).toMatch(/^[\w-]{11}$/);
    // Played once: its transcode is cached, and the server remembers the track for a few seconds.
    const media = `/media/${slack}/96.mp4`;
    expect((await (await s.app.request(media)).arrayBuffer()).byteLength).toBeGreaterThan(0);
    await vi.waitFor(async () => expect((await s.app.request(media, { method: 'HEAD' })).headers.get('accept-ranges')).toBe('bytes'));
    await unlink(join(musicDir, '02 second.mp3'));

    for (const got of all) await expect.poll(() => removedIn(got), { timeout: LIVE_MS, interval: 100 }).toEqual([slack]);
    const event = guest.find((e) => removedIn([e]).length > 0)!;
    expect(event).toMatchObject({ events: [SONGS_REMOVED_EVENT], channels: [CATALOGUE_CHANNEL], payload: { removed: [slack] } });
    // The catalogue no longer has it: an app that missed the event learns it from here.
    expect((await s.app.request(`/api/songs/${slack}`)).status).toBe(404);
    expect((await s.app.request(media, { method: 'HEAD' })).status).toBe(404);
    expect(await found('water')).toEqual(expect.arrayContaining(['Low Water', 'High Water']));
  });

  it('says nothing when a scan removes no song', async () => {
    const guest = await listen(createSdkClient(s.baseUrl));
    await untilLive(backend, [guest]);
    await s.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
    // A song moved to another folder keeps its id: not removed either.
    const low = (await trackId('01 first.mp3'))!;
    await rename(join(musicDir, '01 first.mp3'), join(musicDir, 'low water.mp3'));
    await expect.poll(() => trackId('low water.mp3'), { timeout: LIVE_MS, interval: 100 }).toBe(low);
    await s.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
    // Frames keep their order on a socket: once a later probe is in, any event of those scans is too.
    await untilLive(backend, [guest]);
    expect(removedIn(guest)).toEqual([]);
  });
});
