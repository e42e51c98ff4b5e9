// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { RoomRequestError, roomKey, roomsApi } from './rooms-api.js';

const ROOM = 'a'.repeat(32);
const KEY = `${'1'.repeat(16)}.${'f'.repeat(64)}`;

/** A fetch that records each request and answers `reply`. */
function recorder(reply: (url: string) => { status: number; body?: unknown }) {
  const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
    const r = reply(url);
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), { status: r.status });
  }) as typeof fetch;
  return { calls, fetcher };
}

afterEach(() => localStorage.clear());

describe('rooms API', () => {
  it("keeps an anonymous guest's key from joining and sends it on every later call to that room", async () => {
    const { calls, fetcher } = recorder((url) =>
      url.endsWith('/members') ? { status: 200, body: { room: { $id: ROOM }, you: { $id: '1'.repeat(16), key: KEY } } } : { status: 200, body: { room: { $id: ROOM } } },
    );
    const api = roomsApi('/v1', 'lyra', fetcher);
    await api.join(ROOM, 'Zoe');
    expect(calls[0]).toMatchObject({ method: 'POST', url: `http://localhost:3000/v1/rooms/${ROOM}/members`, body: '{"name":"Zoe"}' });
    expect(calls[0]!.headers['x-lyra-room-key']).toBeUndefined();
    expect(roomKey.get(ROOM)).toBe(KEY);
    await api.addSong(ROOM, 's1', 180_000);
    expect(calls[1]).toMatchObject({ method: 'POST', url: `http://localhost:3000/v1/rooms/${ROOM}/songs`, body: '{"songId":"s1","durationMs":180000}' });
    expect(calls[1]!.headers).toMatchObject({ 'x-lyra-room-key': KEY, 'x-appwrite-project': 'lyra' });
  });

  it("gives the server's error: an ended room is 410 with its message", async () => {
    const { fetcher } = recorder(() => ({ status: 410, body: { message: 'This listening room has ended.', code: 410, type: 'room_ended' } }));
    const failure = await roomsApi('/v1', 'lyra', fetcher).join(ROOM).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RoomRequestError);
    expect(failure).toMatchObject({ status: 410, type: 'room_ended', message: 'This listening room has ended.' });
  });

  it('a clock reading brackets the server clock with this device clock', async () => {
    const { fetcher } = recorder(() => ({ status: 200, body: { now: 5_000, sent: 5_001 } }));
    const r = await roomsApi('/v1', 'lyra', fetcher).clock();
    expect(r).toMatchObject({ received: 5_000, sent: 5_001 });
    expect(r.t1).toBeGreaterThanOrEqual(r.t0);
  });
});
