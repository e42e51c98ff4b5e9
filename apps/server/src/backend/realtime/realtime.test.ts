import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Query } from 'appwrite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { silentLogger } from '../../log.js';
import type { Deps } from '../../module.js';
import { GUEST, type Caller, type CallerResolver } from '../auth/caller.js';
import { documentEvent } from './document-events.js';
import type { BackendEvent, EventBus } from './event-bus.js';
import { createRealtime, type Realtime } from './realtime.js';
import { sessionsEndedEvent } from './session-end.js';
import { MAX_SOCKETS_PER_ADDRESS, MESSAGES_PER_WINDOW } from './socket-limits.js';

/**
 * The realtime protocol (backend-api.md §7) on a bare socket, with a stand-in
 * for sessions: cookie or session blob `good-<user>` signs in as <user>.
 */
const userCaller = (id: string): Caller => ({
  userId: id,
  sessionId: 's',
  roles: ['any', `user:${id}`, 'users'],
  account: { $id: id, name: id },
});
const fromBlob = (blob: string | null | undefined) => (blob?.startsWith('good-') ? userCaller(blob.slice(5)) : GUEST);
const callers: CallerResolver = {
  fromHeaders: async (h) => fromBlob(/a_session_lyra=([^;]+)/.exec(h.get('cookie') ?? '')?.[1]),
  fromSessionBlob: async (blob) => fromBlob(blob),
};

function localBus() {
  const listeners = new Set<(e: BackendEvent) => void>();
  const bus: EventBus = {
    publish: async (e) => listeners.forEach((l) => l(e)),
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    start: async () => {},
    stop: async () => {},
  };
  return bus;
}

/** A socket that records every frame it receives. */
class Peer {
  frames: { type: string; data?: Record<string, unknown> }[] = [];
  closed: { code: number } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.frames.push(JSON.parse(d.toString())));
    ws.on('close', (code) => (this.closed = { code }));
  }
  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** Waits for the next frame of `type` after the ones already seen. */
  async next(type: string, from = 0) {
    await expect.poll(() => this.frames.slice(from).find((f) => f.type === type), { timeout: 10_000 }).toMatchObject({ type });
    return this.frames.slice(from).find((f) => f.type === type)!;
  }
  of(type: string) {
    return this.frames.filter((f) => f.type === type);
  }
}

describe('realtime websocket protocol', () => {
  let server: Server;
  let realtime: Realtime;
  let bus: EventBus;
  let url: string;
  const peers: Peer[] = [];

  let live: Set<string> | null = null;
  async function start(heartbeatMs?: number, env: Record<string, string> = {}) {
    const config = loadConfig({ DATA_DIR: '/tmp', ALLOWED_ORIGINS: 'https://app.example.com', ...env });
    const deps: Deps = { config, db: {} as Db, log: silentLogger, now: Date.now };
    bus = localBus();
    const liveSessions = async (ids: string[]) => new Set(ids.filter((id) => live === null || live.has(id)));
    realtime = createRealtime(deps, { callers, events: bus, liveSessions }, heartbeatMs ? { heartbeatMs } : {});
    server = createServer((_req, res) => res.end());
    server.on('upgrade', (req, socket, head) => {
      if (!realtime.upgrade(req, socket, head)) socket.destroy();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/realtime`;
  }

  async function connect(query = '?project=lyra', headers: Record<string, string> = {}, opts: WebSocket.ClientOptions = {}) {
    const peer = new Peer(new WebSocket(url + query, { headers, ...opts }));
    peers.push(peer);
    await once(peer.ws, 'open');
    return peer;
  }

  beforeEach(async () => start());
  afterEach(async () => {
    for (const p of peers.splice(0)) p.ws.terminate();
    await realtime.stop();
    server.closeAllConnections();
    server.close();
  });

  const favorite = (id: string, owner: string, extra: Record<string, unknown> = {}) =>
    documentEvent(
      'create',
      { $id: id, $databaseId: 'lyra', $collectionId: 'Favorite', userId: owner, songId: 's', ...extra },
      [`user:${owner}`],
      '2026-01-02T03:04:05.678+00:00',
    );

  it('says connected first, with user null for a guest', async () => {
    const p = await connect();
    expect(await p.next('connected')).toEqual({ type: 'connected', data: { channels: [], subscriptions: [], user: null } });
    expect(p.frames[0]!.type).toBe('connected');
  });

  it('authenticates the handshake from cookies of an allowed origin', async () => {
    const p = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1', origin: 'https://app.example.com' });
    expect((await p.next('connected')).data!.user).toEqual({ $id: 'u1', name: 'u1' });
  });

  it('ignores cookies sent from a page on another site', async () => {
    const p = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1', origin: 'https://evil.example' });
    expect((await p.next('connected')).data!.user).toBeNull();
  });

  it('refuses an unknown project with error 1008 and close 1008', async () => {
    const p = await connect('?project=other');
    await expect.poll(() => p.closed).toEqual({ code: 1008 });
    expect(p.frames).toEqual([{ type: 'error', data: { code: 1008, message: 'Missing or unknown project ID' } }]);
    const q = await connect('');
    await expect.poll(() => q.closed).toEqual({ code: 1008 });
  });

  it('refuses a socket past the limit per client address with 429 in Appwrite\'s shape, and takes one again once another closes', async () => {
    const open: Peer[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) open.push(await connect());
    const refused = new WebSocket(url + '?project=lyra');
    const [, res] = (await once(refused, 'unexpected-response')) as [unknown, import('node:http').IncomingMessage];
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('10');
    const body = await new Promise<string>((resolve) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString())).on('end', () => resolve(text));
    });
    expect(JSON.parse(body)).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded', message: 'Too many realtime connections from this address.' });
    open[0]!.ws.close();
    await once(open[0]!.ws, 'close');
    await expect.poll(async () => {
      const again = new WebSocket(url + '?project=lyra');
      const ok = await Promise.race([once(again, 'open').then(() => true), once(again, 'unexpected-response').then(() => false)]);
      again.terminate();
      return ok;
    }).toBe(true);
  });

  it('counts sockets per client address, taken from X-Forwarded-For only behind a trusted proxy', async () => {
    const refused = async (headers: Record<string, string>) => {
      const ws = new WebSocket(url + '?project=lyra', { headers });
      const ok = await Promise.race([once(ws, 'open').then(() => false), once(ws, 'unexpected-response').then(() => true)]);
      ws.terminate();
      return ok;
    };
    // Without TRUST_PROXY a rotating header does not buy more sockets.
    await realtime.stop();
    server.closeAllConnections();
    server.close();
    await start(undefined, { REALTIME_MAX_PER_ADDRESS: '2' });
    await connect('?project=lyra', { 'x-forwarded-for': '203.0.113.1' });
    await connect('?project=lyra', { 'x-forwarded-for': '203.0.113.2' });
    expect(await refused({ 'x-forwarded-for': '203.0.113.3' })).toBe(true);
    for (const p of peers.splice(0)) p.ws.terminate();
    await realtime.stop();
    server.closeAllConnections();
    server.close();
    // Behind a trusted proxy each client address has its own allowance.
    await start(undefined, { REALTIME_MAX_PER_ADDRESS: '2', TRUST_PROXY: 'loopback' });
    await connect('?project=lyra', { 'x-forwarded-for': '203.0.113.1' });
    await connect('?project=lyra', { 'x-forwarded-for': '10.0.0.9, 203.0.113.1' });
    expect(await refused({ 'x-forwarded-for': '10.0.0.8, 203.0.113.1' })).toBe(true);
    expect(await refused({ 'x-forwarded-for': '203.0.113.2' })).toBe(false);
  });

  it('closes the sockets of ended sessions on a session-end event, and only those', async () => {
    const a = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1' });
    const b = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u2' });
    await a.next('connected');
    await b.next('connected');
    await bus.publish(sessionsEndedEvent({ userId: 'u1', sessionIds: ['other'] }, 't'));
    await bus.publish(sessionsEndedEvent({ userId: 'u1', sessionIds: ['s'] }, 't'));
    await expect.poll(() => a.closed).toEqual({ code: 1008 });
    expect(a.of('error')).toEqual([{ type: 'error', data: { code: 1008, message: 'Session is no longer valid.' } }]);
    expect(b.closed).toBeNull();
    await bus.publish(sessionsEndedEvent({ userId: 'u2', sessionIds: null }, 't'));
    await expect.poll(() => b.closed).toEqual({ code: 1008 });
  });

  it('closes a socket whose session is no longer live at a heartbeat (an account blocked in the database)', async () => {
    await realtime.stop();
    server.closeAllConnections();
    server.close();
    await start(50);
    live = null;
    const a = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1' });
    const guest = await connect();
    await a.next('connected');
    await guest.next('connected');
    await new Promise((r) => setTimeout(r, 150));
    expect(a.closed).toBeNull();
    live = new Set();
    await expect.poll(() => a.closed).toEqual({ code: 1008 });
    expect(guest.closed).toBeNull();
    live = null;
  });

  it('closes a socket that sends more messages than the limit in a window, with error 1008', async () => {
    const p = await connect();
    await p.next('connected');
    for (let i = 0; i <= MESSAGES_PER_WINDOW; i++) p.send({ type: 'ping' });
    await expect.poll(() => p.closed).toEqual({ code: 1008 });
    expect(p.of('error')).toEqual([{ type: 'error', data: { code: 1008, message: 'Too many messages.' } }]);
    expect(p.of('pong')).toHaveLength(MESSAGES_PER_WINDOW);
  });

  it('answers ping with pong', async () => {
    const p = await connect();
    await p.next('connected');
    p.send({ type: 'ping' });
    expect(await p.next('pong')).toEqual({ type: 'pong' });
  });

  it('authenticates with a session blob, or says the session is not valid', async () => {
    const p = await connect();
    await p.next('connected');
    p.send({ type: 'authentication', data: { session: 'bad' } });
    expect(await p.next('error')).toEqual({ type: 'error', data: { code: 1003, message: 'Session is not valid.' } });
    const seen = p.frames.length;
    p.send({ type: 'authentication', data: { session: 'good-u7' } });
    expect(await p.next('response', seen)).toEqual({
      type: 'response',
      data: { to: 'authentication', success: true, user: { $id: 'u7', name: 'u7' } },
    });
    expect(p.closed).toBeNull();
  });

  it('subscribes (account becomes account.<id>), delivers readable events with subscription ids, unsubscribes', async () => {
    const p = await connect();
    await p.next('connected');
    // Frames are handled in order: the subscribe sees the roles the authentication gave.
    p.send({ type: 'authentication', data: { session: 'good-u1' } });
    p.send({
      type: 'subscribe',
      data: [
        { subscriptionId: 'sub-a', channels: ['databases.lyra.collections.Favorite.documents', 'account'], queries: [] },
        { subscriptionId: 'sub-b', channels: ['documents'], queries: [Query.equal('songId', 'other')] },
      ],
    });
    await expect.poll(() => p.of('response').length).toBe(2);
    expect(p.of('response')[1]).toEqual({
      type: 'response',
      data: {
        to: 'subscribe',
        success: true,
        subscriptions: [
          { subscriptionId: 'sub-a', channels: ['databases.lyra.collections.Favorite.documents', 'account', 'account.u1'], queries: [] },
          { subscriptionId: 'sub-b', channels: ['documents'], queries: [Query.equal('songId', 'other')] },
        ],
      },
    });
    await bus.publish(favorite('f-other', 'u2'));
    await bus.publish(favorite('f-mine', 'u1'));
    const event = await p.next('event');
    expect(event.data).toMatchObject({
      events: expect.arrayContaining(['databases.lyra.collections.Favorite.documents.f-mine.create']),
      payload: { $id: 'f-mine', userId: 'u1' },
      subscriptions: ['sub-a'],
      timestamp: '2026-01-02T03:04:05.678+00:00',
    });
    await bus.publish(favorite('f-q', 'u1', { songId: 'other' }));
    await expect.poll(() => p.of('event').length).toBe(2);
    expect(p.of('event')[1]!.data!.subscriptions).toEqual(['sub-a', 'sub-b']);
    expect(p.of('event').map((e) => (e.data!.payload as { $id: string }).$id)).toEqual(['f-mine', 'f-q']);

    const seen = p.frames.length;
    p.send({ type: 'unsubscribe', data: [{ subscriptionId: 'sub-a' }, { subscriptionId: 'nope' }] });
    expect((await p.next('response', seen)).data).toEqual({
      to: 'unsubscribe',
      success: true,
      subscriptions: [
        { subscriptionId: 'sub-a', removed: true },
        { subscriptionId: 'nope', removed: false },
      ],
    });
    await bus.publish(favorite('f-after', 'u1'));
    await bus.publish(favorite('f-after-q', 'u1', { songId: 'other' }));
    await expect.poll(() => p.of('event').length).toBe(3);
    expect(p.of('event')[2]!.data).toMatchObject({ payload: { $id: 'f-after-q' }, subscriptions: ['sub-b'] });
  });

  it("delivers account events to their user only, on 'account'", async () => {
    const p = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1' });
    await p.next('connected');
    p.send({ type: 'subscribe', data: [{ subscriptionId: 'acc', channels: ['account'] }] });
    await p.next('response');
    const accountEvent = (user: string): BackendEvent => ({
      events: [`users.${user}.update.prefs`],
      channels: ['account', `account.${user}`],
      roles: [`user:${user}`],
      payload: { $id: user },
      timestamp: 't',
    });
    await bus.publish(accountEvent('u2'));
    await bus.publish(accountEvent('u1'));
    await expect.poll(() => p.of('event').length).toBe(1);
    expect(p.of('event')[0]!.data).toMatchObject({ payload: { $id: 'u1' }, subscriptions: ['acc'] });
  });

  it('delivers public events to guests and replaces a subscription sent again with the same id', async () => {
    const p = await connect();
    await p.next('connected');
    p.send({ type: 'subscribe', data: [{ subscriptionId: 's1', channels: ['files'] }] });
    p.send({ type: 'subscribe', data: [{ subscriptionId: 's1', channels: ['documents'] }] });
    await expect.poll(() => p.of('response').length).toBe(2);
    const preview = documentEvent('create', { $id: 'v1', $databaseId: 'lyra', $collectionId: 'VideoPreview' }, ['any'], 't');
    await bus.publish(favorite('private', 'u1'));
    await bus.publish(preview);
    await expect.poll(() => p.of('event').length).toBe(1);
    expect(p.of('event')[0]!.data).toMatchObject({ payload: { $id: 'v1' }, subscriptions: ['s1'] });
  });

  it.each([
    ['not JSON', '{oops', 'Message format is not valid.'],
    ['no type', { data: 1 }, 'Message format is not valid.'],
    ['an unknown type', { type: 'dance' }, 'Unknown message type: dance'],
    ['subscribe without a list', { type: 'subscribe', data: {} }, 'subscribe needs a list of subscriptions.'],
    ['a subscription without id', { type: 'subscribe', data: [{ channels: ['documents'] }] }, 'Each subscription needs a subscriptionId of 1 to 64 characters.'],
    ['a subscription without channels', { type: 'subscribe', data: [{ subscriptionId: 'x', channels: [] }] }, 'Subscription x needs 1 to 100 channels.'],
    ['an unsupported query', { type: 'subscribe', data: [{ subscriptionId: 'x', channels: ['documents'], queries: [Query.limit(1)] }] }, 'Invalid query: limit is not supported in realtime subscriptions.'],
    ['unsubscribe without ids', { type: 'unsubscribe', data: [{}] }, 'Each unsubscribe item needs a subscriptionId.'],
  ])('answers %s with error 1003 and stays open', async (_name, frame, message) => {
    const p = await connect();
    await p.next('connected');
    p.send(frame);
    expect(await p.next('error')).toEqual({ type: 'error', data: { code: 1003, message } });
    p.send({ type: 'ping' });
    await p.next('pong');
    expect(p.closed).toBeNull();
  });

  it('closes cleanly with 1001 when the server stops', async () => {
    const p = await connect();
    await p.next('connected');
    await realtime.stop();
    await expect.poll(() => p.closed).toEqual({ code: 1001 });
    server.close();
    await start();
  });

  it('drops a socket that stops answering heartbeats, and keeps one that answers', async () => {
    await realtime.stop();
    server.close();
    await start(50);
    const dead = await connect('?project=lyra', {}, { autoPong: false });
    const live = await connect();
    await dead.next('connected');
    await expect.poll(() => dead.closed, { timeout: 10_000 }).not.toBeNull();
    expect(live.closed).toBeNull();
  });
});
