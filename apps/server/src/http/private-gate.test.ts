import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createPrivateGate, IN_PROCESS, SIGN_IN_TO_LISTEN, VERDICT_TTL_MS } from './private-gate.js';

/** The gate's own rules, on a bare Hono app: which requests it asks about, and how long it remembers an answer. */
function gatedApp(answer: (headers: Headers) => Promise<boolean>) {
  let clock = 0;
  const asked: string[] = [];
  const gate = createPrivateGate({
    now: () => clock,
    isListener: async (headers) => {
      asked.push(headers.get('cookie') ?? headers.get('x-appwrite-jwt') ?? '');
      return answer(headers);
    },
  });
  const app = new Hono();
  app.use('*', gate.middleware);
  app.all('*', (c) => c.text('served'));
  return { app, asked, gate, advance: (ms: number) => void (clock += ms) };
}

const listener = async (h: Headers) => h.get('cookie') === 'a_session_lyra=good';

describe('the private gate', () => {
  it('refuses a request without credentials at once, without asking who it is', async () => {
    const { app, asked } = gatedApp(listener);
    const res = await app.request('/api/home/rows');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: SIGN_IN_TO_LISTEN });
    expect(asked).toEqual([]);
  });

  it('lets the probes, the app, the backend, Subsonic, preflights and in-process requests by', async () => {
    const { app, asked } = gatedApp(listener);
    for (const path of ['/healthz', '/', '/config.json', '/assets/app.js', '/v1/account', '/rest/ping', '/apis']) {
      expect((await app.request(path)).status, path).toBe(200);
    }
    expect((await app.request('/api/home/rows', { method: 'OPTIONS' })).status).toBe(200);
    expect((await app.request('/media/abc/160.mp4', {}, IN_PROCESS)).status).toBe(200);
    expect(asked).toEqual([]);
  });

  it('asks once for requests sent together with one credential, and remembers the answer for 5 s', async () => {
    const { app, asked, advance } = gatedApp(listener);
    const headers = { cookie: 'a_session_lyra=good' };
    const paths = ['/api/home/rows', '/images/a/150.jpg', '/images/b/150.jpg', '/media/a/160.mp4', '/videos/a/preview.mp4', '/download?id=a'];
    const statuses = await Promise.all(paths.map(async (p) => (await app.request(p, { headers })).status));
    expect(statuses).toEqual(paths.map(() => 200));
    expect(asked).toEqual(['a_session_lyra=good']);
    advance(VERDICT_TTL_MS - 1);
    expect((await app.request('/api/home/rows', { headers })).status).toBe(200);
    expect(asked).toHaveLength(1);
    advance(1);
    expect((await app.request('/api/home/rows', { headers })).status).toBe(200);
    expect(asked).toHaveLength(2);
  });

  it('forgets what it remembered when told to (an account blocked or deleted, sessions ended, a share gone)', async () => {
    let good = true;
    const { app, asked, gate } = gatedApp(async () => good);
    const headers = { cookie: 'a_session_lyra=good' };
    expect((await app.request('/media/a/160.mp4', { headers })).status).toBe(200);
    good = false;
    expect((await app.request('/media/a/160.mp4', { headers })).status).toBe(200);
    gate.forget();
    expect((await app.request('/media/a/160.mp4', { headers })).status).toBe(401);
    expect(asked).toHaveLength(2);
  });

  it('remembers a refusal as briefly, per credential', async () => {
    const { app, asked } = gatedApp(listener);
    expect((await app.request('/api/home/rows', { headers: { cookie: 'a_session_lyra=ended' } })).status).toBe(401);
    expect((await app.request('/api/home/rows', { headers: { cookie: 'a_session_lyra=ended' } })).status).toBe(401);
    expect((await app.request('/api/home/rows', { headers: { 'x-appwrite-jwt': 'eyJ' } })).status).toBe(401);
    expect(asked).toEqual(['a_session_lyra=ended', 'eyJ']);
  });

  it('answers 503 when the sessions cannot be read, and asks again next time', async () => {
    let down = true;
    const { app, asked } = gatedApp(async (h) => (down ? Promise.reject(new Error('database unavailable')) : listener(h)));
    const headers = { cookie: 'a_session_lyra=good' };
    const res = await app.request('/api/home/rows', { headers });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
    down = false;
    expect((await app.request('/api/home/rows', { headers })).status).toBe(200);
    expect(asked).toHaveLength(2);
  });
});
