import { once } from 'node:events';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Channel, ID, Query, type RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';
import { addLibrarySong, makeSong, probeVideo } from './test/media-fixtures.js';

/**
 * The whole path as the app sees it, through the official SDK: a signed-in
 * listener requests a video for a library song; the running worker
 * renders it; everyone subscribed learns of the new VideoPreview, the
 * requester also sees their own request finish, and the video plays from
 * /videos. Waits are generous polls; nothing here measures time.
 */
type Event = RealtimeResponseEvent<Record<string, unknown>>;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The SDK does not say when its subscribe frame has arrived: probe with a write until its event comes back. */
async function untilLive(received: Event[], probe: () => Promise<string>) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const id = await probe();
    for (let i = 0; i < 10; i++) {
      if (received.some((e) => e.payload.$id === id)) return;
      await pause(50);
    }
  }
  throw new Error('subscription never went live');
}

describe.each(ENGINES)('video previews through the appwrite SDK on %s', (engine) => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  let dir: string;
  let songId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-video-sdk-'));
    const musicDir = join(dir, 'music');
    await mkdir(musicDir);
    const file = await makeSong(musicDir, 'song.ogg', 6);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir, VIDEO_WORKER: 'on' }, ['catalogue', 'backend']);
    ({ id: songId } = await addLibrarySong(t.testDb.db, { musicDir, dataDir: t.dataDir, file, title: 'Song' }));
    server = t.app.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Everything but the scanner (the song is already in the catalogue): event bus, realtime, the video worker.
    for (const m of t.app.modules) if (m.name !== 'catalogue') await m.start?.();
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a request for a song that is not in the catalogue, before the worker sees it', async () => {
    const dan = await signedInClient(baseUrl, 'dan');
    await expect(
      dan.databases.createDocument('lyra', 'VideoRequest', ID.unique(), { song_id: 'no-such-song', url: `${baseUrl}/download?id=no-such-song` }),
    ).rejects.toMatchObject({
      code: 400,
      type: 'document_invalid_structure',
      message: 'Invalid document structure: Attribute "song_id" must name a song of the catalogue, not "no-such-song"',
    });
    const rows = await t.testDb.db.query(`select 1 from ${'"VideoRequest"'} where song_id = 'no-such-song'`).catch(() => []);
    expect(rows).toEqual([]);
  });

  it("renders a requested song and tells the requester's app and everyone else", async () => {
    const ada = await signedInClient(baseUrl, 'ada');
    const bob = await signedInClient(baseUrl, 'bob');
    const onAda: Event[] = [];
    const onBob: Event[] = [];
    const channels = (c: string) => Channel.database('lyra').collection(c).document();
    // Favorites ride along only to tell when each subscription is live.
    for (const [who, got] of [
      [ada, onAda],
      [bob, onBob],
    ] as const) {
      await who.realtime.subscribe([channels('VideoPreview'), channels('VideoRequest'), channels('Favorite')], (e) => void got.push(e as Event));
      let n = 0;
      await untilLive(got, async () =>
        (await who.databases.createDocument('lyra', 'Favorite', ID.unique(), { userId: who.userId, songId: `probe-${n++}` })).$id,
      );
    }

    const request = await ada.databases.createDocument('lyra', 'VideoRequest', ID.unique(), {
      song_id: songId,
      url: `${baseUrl}/download?name=Song&id=${songId}`,
    });
    expect(request).toMatchObject({ song_id: songId, status: 'queued', attempts: 0 });

    const isPreview = (e: Event) => e.payload.$collectionId === 'VideoPreview' && e.events[0]!.endsWith('.create');
    await expect.poll(() => onAda.some(isPreview), { timeout: 120_000, interval: 200 }).toBe(true);
    const preview = onAda.find(isPreview)!.payload;
    expect(preview).toMatchObject({
      song_id: songId,
      aws_url: `/videos/${songId}/preview.mp4`,
      audio_url: expect.stringMatching(new RegExp(`^/media/${songId}/\\d+\\.mp4$`)),
    });
    // The requester's own request: rendering, then done.
    await expect
      .poll(() => onAda.filter((e) => e.payload.$id === request.$id && e.events[0]!.endsWith('.update')).map((e) => e.payload.status), {
        timeout: 20_000,
      })
      .toEqual(['rendering', 'done']);
    // Bob learns of the preview, never of Ada's request.
    await expect.poll(() => onBob.some(isPreview), { timeout: 20_000 }).toBe(true);
    expect(onBob.filter((e) => e.payload.$collectionId === 'VideoRequest')).toEqual([]);

    // Anyone can find it by song and play it.
    const found = await bob.databases.listDocuments('lyra', 'VideoPreview', [Query.equal('song_id', songId), Query.limit(1)]);
    expect(found.documents.map((d) => d.$id)).toEqual([preview.$id]);
    const res = await fetch(`${baseUrl}/videos/${songId}/preview.mp4`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const file = join(t.dataDir, 'videos', songId, 'preview.mp4');
    expect(Buffer.from(await res.arrayBuffer()).length).toBe((await stat(file)).size);
    const probe = await probeVideo(file);
    expect(Math.abs(probe.durationS - 6)).toBeLessThanOrEqual(1);

    // A second request for the song is refused: it has a preview now.
    await expect(
      bob.databases.createDocument('lyra', 'VideoRequest', ID.unique(), { song_id: songId, url: `${baseUrl}/download?id=${songId}` }),
    ).rejects.toMatchObject({ code: 409 });
    await ada.realtime.disconnect();
    await bob.realtime.disconnect();
  });

  it('the stored addresses play from another port and host name than the server had when it rendered', async () => {
    const other = t.app.createServer();
    other.listen(0, '127.0.0.1');
    await once(other, 'listening');
    try {
      // Reached as "localhost" on another port: nothing stored names the first address.
      const elsewhere = `http://localhost:${(other.address() as AddressInfo).port}`;
      const carol = await signedInClient(elsewhere, 'carol');
      const { documents } = await carol.databases.listDocuments('lyra', 'VideoPreview', [Query.equal('song_id', songId)]);
      expect(documents).toHaveLength(1);
      const doc = documents[0] as unknown as { aws_url: string; audio_url: string };
      for (const address of [doc.aws_url, doc.audio_url]) expect(address.startsWith('/')).toBe(true);
      const video = await fetch(new URL(doc.aws_url, `${elsewhere}/v1`));
      expect(video.status).toBe(200);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      const copy = join(dir, 'elsewhere.mp4');
      await writeFile(copy, Buffer.from(await video.arrayBuffer()));
      expect(Math.abs((await probeVideo(copy)).durationS - 6)).toBeLessThanOrEqual(1);
      const audio = await fetch(new URL(doc.audio_url, `${elsewhere}/v1`));
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/mp4');
      await audio.arrayBuffer();
    } finally {
      other.closeAllConnections();
      other.close();
    }
  });
});
