import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { hashPassword, usersStore } from '../backend/module.js';
import { createTestClock } from '../backend/test/clock.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { silentLogger } from '../log.js';
import { ENGINES } from '../test/db.js';
import { IN_PROCESS, SIGN_IN_TO_LISTEN, VERDICT_TTL_MS } from './private-gate.js';

/**
 * ACCESS=private: a listener needs an account. The catalogue's routes (the
 * API, audio, covers, video previews) answer 401 to anyone not signed in, over
 * a real socket (audio and covers are served before Hono) and in process alike;
 * the probes, the web app, sign-in and Subsonic stay reachable; anonymous
 * sessions are refused, and one made while the server was public opens nothing.
 */
const REFUSED = { success: false, message: SIGN_IN_TO_LISTEN };
const PASSWORD = 'password123';
const V1 = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };

/** The `name=value` pairs a response's Set-Cookie headers set, as a Cookie header. */
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

describe.each(ENGINES)('a private server (%s)', (engine) => {
  const clock = createTestClock();
  let s: TestServer;
  let musicDir: string;
  let songId: string;
  let email: string;
  let paths: string[];

  const signIn = async (base = s.baseUrl) => {
    const res = await fetch(`${base}/v1/account/sessions/email`, { method: 'POST', headers: V1, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(res.status).toBe(201);
    return cookieOf(res);
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-private-music-'));
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
      '-c:a', 'libmp3lame', '-b:a', '64k', '-metadata', 'title=Quiet Tone', '-metadata', 'artist=Mira Solen', join(musicDir, '01 tone.mp3')]);
    s = await startTestServer(engine, { MUSIC_DIR: musicDir, ACCESS: 'private' }, ['catalogue', 'backend', 'web'], { now: clock.now });
    // The owner's scan, in process (the admin API's way in).
    expect((await s.app.hono.request('/api/admin/rescan?wait=true', { method: 'POST' }, IN_PROCESS)).status).toBe(200);
    songId = (await s.testDb.db.query<{ id: string }>('select id from tracks'))[0]!.id;
    paths = ['/api/home/rows', '/api/search/songs?query=quiet', `/media/${songId}/160.mp4`, `/images/${songId}/150.jpg`, `/videos/${songId}/preview.mp4`];
    // Sign-ups are closed on a private server: the account is made as its owner would, in the database.
    email = 'listener@example.org';
    await usersStore(s.testDb.db).insert({ id: 'listener', email, name: 'Listener', passwordHash: await hashPassword(PASSWORD), emailVerification: true, at: new Date(clock.now()) });
  });
  afterAll(async () => {
    await s?.close();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });

  it('answers 401 "Sign in to listen on this server" to a visitor on the API, audio, covers and previews', async () => {
    for (const path of paths) {
      const viaSocket = await fetch(s.baseUrl + path);
      expect(viaSocket.status, path).toBe(401);
      expect(viaSocket.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(await viaSocket.json(), path).toEqual(REFUSED);
      const inProcess = await s.app.request(path);
      expect(inProcess.status, path).toBe(401);
      expect(await inProcess.json(), path).toEqual(REFUSED);
    }
    // A credential that names no session opens nothing either.
    const forged = await fetch(`${s.baseUrl}/api/home/rows`, { headers: { cookie: 'a_session_lyra=bm90IGEgc2Vzc2lvbg' } });
    expect(forged.status).toBe(401);
  });

  it('keeps the probes, the web app, sign-in and Subsonic reachable', async () => {
    expect((await fetch(`${s.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/readyz`)).status).toBe(200);
    const page = await fetch(`${s.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // A share link's page is the app's shell too (the page then asks /api/shares/<id>).
    const share = await fetch(`${s.baseUrl}/share/abc`);
    expect(share.status).toBe(200);
    expect(share.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await (await fetch(`${s.baseUrl}/config.json`)).json()).toMatchObject({ access: 'private', signUps: 'invite' });
    expect(await (await fetch(`${s.baseUrl}/v1/ping`)).text()).toBe('Pong!');
    // Subsonic checks its own callers: without credentials, its own error in its own envelope.
    const ping = await fetch(`${s.baseUrl}/rest/ping?f=json&v=1.16.1&c=test`);
    expect(ping.status).not.toBe(401);
    const body = (await ping.json()) as { 'subsonic-response': { status: string; error: { code: number } } };
    expect(body['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });
  });

  it('refuses anonymous sessions with Appwrite\'s "auth method turned off" error', async () => {
    const res = await fetch(`${s.baseUrl}/v1/account/sessions/anonymous`, { method: 'POST', headers: V1, body: '{}' });
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({
      code: 501,
      type: 'user_auth_method_unsupported',
      message: 'Anonymous sessions are turned off on this private server. Sign in with an account.',
      version: expect.any(String) as string,
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('serves a signed-in account as usual: the API, audio bytes over the socket, covers, and Subsonic with its password', async () => {
    const cookie = await signIn();
    const home = await fetch(`${s.baseUrl}/api/home/rows`, { headers: { cookie } });
    expect(home.status).toBe(200);
    expect(((await home.json()) as { success: boolean }).success).toBe(true);
    const search = (await (await fetch(`${s.baseUrl}/api/search/songs?query=quiet`, { headers: { cookie } })).json()) as {
      data: { results: { name: string }[] };
    };
    expect(search.data.results.map((r) => r.name)).toEqual(['Quiet Tone']);
    const audio = await fetch(`${s.baseUrl}/media/${songId}/160.mp4`, { headers: { cookie } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const cover = await fetch(`${s.baseUrl}/images/default/150.jpg`, { headers: { cookie } });
    expect(cover.status).toBe(200);
    await cover.arrayBuffer();
    // One listener's covers and audio stay out of shared caches (a CDN in front), over the socket and in process.
    const again = await fetch(`${s.baseUrl}/media/${songId}/160.mp4`, { headers: { cookie } });
    await again.arrayBuffer();
    const inProcess = await s.app.request(`/images/default/150.jpg`, { headers: { cookie } });
    await inProcess.arrayBuffer();
    for (const res of [cover, again, inProcess]) {
      expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    }
    // No preview was rendered for this song: the catalogue's own 404, not the gate's 401.
    expect((await fetch(`${s.baseUrl}/videos/${songId}/preview.mp4`, { headers: { cookie } })).status).toBe(404);
    expect((await s.app.request('/api/home/rows', { headers: { cookie } })).status).toBe(200);
    const jwt = (await (await fetch(`${s.baseUrl}/v1/account/jwts`, { method: 'POST', headers: { ...V1, cookie }, body: '{}' })).json()) as { jwt: string };
    expect((await fetch(`${s.baseUrl}/api/home/rows`, { headers: { 'x-appwrite-jwt': jwt.jwt } })).status).toBe(200);
    // Subsonic's stream reads /media in process, past the gate, for the caller it has checked.
    const stream = await fetch(`${s.baseUrl}/rest/stream?u=${encodeURIComponent(email)}&p=${PASSWORD}&v=1.16.1&c=test&id=${songId}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^audio\//);
    await stream.arrayBuffer();
  });

  it('gives a session ended by signing out no access once its verdict has expired', async () => {
    const cookie = await signIn();
    expect((await fetch(`${s.baseUrl}/api/home/rows`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/v1/account/sessions/current`, { method: 'DELETE', headers: { ...V1, cookie } })).status).toBe(204);
    clock.advance(VERDICT_TTL_MS);
    const after = await fetch(`${s.baseUrl}/media/${songId}/160.mp4`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual(REFUSED);
  });

  it('gives an anonymous session made while the server was public no access', async () => {
    const publicApp = await createApp({ config: { ...s.config, ACCESS: 'public', SIGNUPS: 'open' }, db: s.testDb.db, log: silentLogger, now: clock.now }, ['backend']);
    const made = await publicApp.request('/v1/account/sessions/anonymous', { method: 'POST', headers: V1, body: '{}' });
    expect(made.status).toBe(201);
    const cookie = cookieOf(made);
    expect(cookie).toMatch(/(^|; )a_session_lyra=/);
    // The session itself lives on: the account API knows it.
    expect((await fetch(`${s.baseUrl}/v1/account`, { headers: { ...V1, cookie } })).status).toBe(200);
    for (const path of paths) {
      const res = await fetch(s.baseUrl + path, { headers: { cookie } });
      expect(res.status, path).toBe(401);
      await res.arrayBuffer();
    }
    await publicApp.stop();
  });
});
