import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { radioStore } from './radio.sql.js';

/** A frame's worth of bytes, sent again and again: an endless stream, as a station's is. */
const CHUNK = Buffer.alloc(4096, 0x55);

/**
 * A station on loopback: /live never ends, /page is a web page, /gone answers 404; playlists naming /live:
 * /listen.m3u (by type), /tune.pls (by type), /plain.m3u (text/plain: by its name), /hop.pls (a PLS naming an
 * M3U), /empty.pls (naming nothing). Counts open listeners.
 */
async function startStation() {
  let open = 0;
  const server: Server = createServer((req, res) => {
    const here = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Listen live!</p>');
    if (req.url === '/listen.m3u') return res.writeHead(200, { 'content-type': 'audio/x-mpegurl' }).end(`#EXTM3U\n#EXTINF:-1,Loopback FM\n${here}/live\n${here}/gone\n`);
    if (req.url === '/tune.pls') return res.writeHead(200, { 'content-type': 'audio/x-scpls' }).end(`[playlist]\nNumberOfEntries=2\nFile2=${here}/gone\nFile1=/live\nTitle1=Loopback FM\nVersion=2\n`);
    if (req.url === '/plain.m3u') return res.writeHead(200, { 'content-type': 'text/plain' }).end(`\n# a comment\n${here}/live\n`);
    if (req.url === '/hop.pls') return res.writeHead(200, { 'content-type': 'audio/x-scpls' }).end(`[playlist]\nFile1=${here}/listen.m3u\n`);
    if (req.url === '/empty.pls') return res.writeHead(200, { 'content-type': 'audio/x-scpls' }).end('[playlist]\nNumberOfEntries=0\n');
    if (req.url !== '/live') return res.writeHead(404).end();
    open++;
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'icy-name': 'Loopback FM' });
    const timer = setInterval(() => res.write(CHUNK), 20);
    res.write(CHUNK);
    res.on('close', () => {
      clearInterval(timer);
      open--;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, open: () => open, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describe.each(ENGINES)("the web app's radio routes (%s)", (engine) => {
  let t: TestServer;
  let station: Awaited<ReturnType<typeof startStation>>;
  const ids = { live: 'st-live', page: 'st-page', gone: 'st-gone', off: 'st-off', empty: 'st-empty' };
  const playlists = { m3u: '/listen.m3u', pls: '/tune.pls', plain: '/plain.m3u', hop: '/hop.pls' };

  beforeAll(async () => {
    station = await startStation();
    t = await startTestServer(engine, {}, ['catalogue', 'backend']);
    const store = radioStore(t.testDb.db);
    const at = new Date();
    await store.create(ids.live, { name: 'Loopback FM', streamUrl: `${station.url}/live`, homePageUrl: 'https://loopback.example.org/' }, at, 10);
    await store.create(ids.page, { name: 'Brochure Radio', streamUrl: `${station.url}/page`, homePageUrl: null }, at, 10);
    await store.create(ids.gone, { name: 'Closed Down', streamUrl: `${station.url}/gone`, homePageUrl: null }, at, 10);
    // A port nothing listens on (the station's own port, after a throwaway server there has closed).
    const spare = createServer().listen(0, '127.0.0.1');
    await once(spare, 'listening');
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((r) => spare.close(() => r()));
    await store.create(ids.off, { name: 'Off Air', streamUrl: `http://127.0.0.1:${port}/live`, homePageUrl: null }, at, 10);
    for (const [key, path] of Object.entries(playlists)) {
      await store.create(`st-${key}`, { name: `Playlist ${key}`, streamUrl: `${station.url}${path}`, homePageUrl: null }, at, 20);
    }
    await store.create(ids.empty, { name: 'Playlist empty', streamUrl: `${station.url}/empty.pls`, homePageUrl: null }, at, 20);
  });

  /** Reads a few chunks of a relayed station, then leaves; the station's connection closes. */
  const listenBriefly = async (id: string) => {
    const listener = new AbortController();
    const res = await fetch(`${t.baseUrl}/api/radio/${id}/stream`, { signal: listener.signal });
    expect([id, res.status, res.headers.get('content-type')]).toEqual([id, 200, 'audio/mpeg']);
    const reader = res.body!.getReader();
    let received = 0;
    while (received < CHUNK.length * 3) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      received += value.length;
    }
    listener.abort();
    await reader.cancel().catch(() => undefined);
    await vi.waitFor(() => expect(station.open()).toBe(0), { timeout: 15_000 });
  };
  afterAll(async () => {
    await t?.close();
    await station?.close();
  });

  it('lists the stations by name in the catalogue envelope', async () => {
    const res = await fetch(`${t.baseUrl}/api/radio`);
    expect(res.status).toBe(200);
    const { success, data } = (await res.json()) as { success: boolean; data: { id: string; name: string; homePageUrl: string | null; image: string }[] };
    expect(success).toBe(true);
    expect(data.slice(0, 4).map((s) => [s.id, s.name, s.homePageUrl])).toEqual([
      [ids.page, 'Brochure Radio', null],
      [ids.gone, 'Closed Down', null],
      [ids.live, 'Loopback FM', 'https://loopback.example.org/'],
      [ids.off, 'Off Air', null],
    ]);
    for (const s of data) expect(s.image).toMatch(new RegExp(`^${t.baseUrl}/api/radio/${s.id}/cover/[0-9a-f]{8}/500\\.jpg$`));
  });

  it("gives each station a generated cover at a stable address, which changes with the station's name", async () => {
    const listed = async () => ((await (await fetch(`${t.baseUrl}/api/radio`)).json()) as { data: { id: string; image: string }[] }).data.find((s) => s.id === ids.live)!.image;
    const image = (await listed()).slice(t.baseUrl.length);
    const first = await fetch(`${t.baseUrl}${image}`);
    expect([first.status, first.headers.get('content-type'), first.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'public, max-age=31536000, immutable']);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 500, height: 500 });
    // Made once: the same bytes again; the other sizes too; anything else is not found.
    expect(Buffer.from(await (await fetch(`${t.baseUrl}${image}`)).arrayBuffer()).equals(bytes)).toBe(true);
    expect((await sharp(Buffer.from(await (await fetch(`${t.baseUrl}${image.replace('500.jpg', '150.jpg')}`)).arrayBuffer())).metadata()).width).toBe(150);
    for (const bad of [image.replace('500.jpg', '300.jpg'), image.replace(/cover\/[0-9a-f]{8}/, 'cover/00000000'), `/api/radio/no-such/cover/00000000/150.jpg`]) {
      expect([bad, (await fetch(`${t.baseUrl}${bad}`)).status]).toEqual([bad, 404]);
    }
    // Renamed, the station's cover has a new address; the old one is gone.
    await t.testDb.db.query(`update subsonic_radio_stations set name = 'Loopback FM Two' where id = $1`, [ids.live]);
    const renamed = (await listed()).slice(t.baseUrl.length);
    expect(renamed).not.toBe(image);
    expect((await fetch(`${t.baseUrl}${renamed}`)).status).toBe(200);
    expect((await fetch(`${t.baseUrl}${image}`)).status).toBe(404);
    await t.testDb.db.query(`update subsonic_radio_stations set name = 'Loopback FM' where id = $1`, [ids.live]);
  });

  it('resolves a station address that is an M3U or PLS playlist to its first stream, and relays that', async () => {
    for (const key of Object.keys(playlists)) await listenBriefly(`st-${key}`);
  });

  it("relays a station's endless audio and lets go of the station when the listener leaves", async () => {
    const listener = new AbortController();
    const res = await fetch(`${t.baseUrl}/api/radio/${ids.live}/stream`, { signal: listener.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    let received = 0;
    while (received < CHUNK.length * 5) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      received += value.length;
    }
    expect(station.open()).toBe(1);
    listener.abort();
    await reader.cancel().catch(() => undefined);
    // The station's connection closes once the listener has gone (generous: the machine may be busy).
    await vi.waitFor(() => expect(station.open()).toBe(0), { timeout: 15_000 });
  });

  it('answers a station that cannot be played in the catalogue error shape', async () => {
    const cases: [string, number, string][] = [
      ['no-such-station', 404, 'station not found'],
      [ids.page, 502, 'The station sent no audio'],
      [ids.gone, 502, 'The station answered 404'],
      [ids.off, 502, 'The station did not answer'],
      [ids.empty, 502, 'The station’s playlist names no stream'],
    ];
    for (const [id, status, message] of cases) {
      const res = await fetch(`${t.baseUrl}/api/radio/${id}/stream`);
      expect([id, res.status, await res.json()]).toEqual([id, status, { success: false, message }]);
    }
  });
});

describe.each(ENGINES)("the radio routes on a private server (%s)", (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { ACCESS: 'private' }, ['catalogue', 'backend']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer only a signed-in listener, as the catalogue does', async () => {
    for (const path of ['/api/radio', '/api/radio/st-live/stream']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect([path, res.status, await res.json()]).toEqual([path, 401, { success: false, message: 'Sign in to listen on this server' }]);
    }
  });
});
