import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { radioStore } from './radio.sql.js';

/** A frame's worth of bytes, sent again and again: an endless stream, as a station's is. */
const CHUNK = Buffer.alloc(4096, 0x55);

/** A station on loopback: /live never ends, /page is a web page, /gone answers 404. Counts open listeners. */
async function startStation() {
  let open = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Listen live!</p>');
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
  const ids = { live: 'st-live', page: 'st-page', gone: 'st-gone', off: 'st-off' };

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
  });
  afterAll(async () => {
    await t?.close();
    await station?.close();
  });

  it('lists the stations by name in the catalogue envelope', async () => {
    const res = await fetch(`${t.baseUrl}/api/radio`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: [
        { id: ids.page, name: 'Brochure Radio', homePageUrl: null },
        { id: ids.gone, name: 'Closed Down', homePageUrl: null },
        { id: ids.live, name: 'Loopback FM', homePageUrl: 'https://loopback.example.org/' },
        { id: ids.off, name: 'Off Air', homePageUrl: null },
      ],
    });
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
