import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { documentEvent } from './document-events.js';
import type { BackendEvent } from './event-bus.js';
import { favorite, useSocketRig } from './test/socket-rig.js';

/**
 * The messages of an open socket: ping, authentication, subscribe and
 * unsubscribe, the events each subscription receives, and bad frames (error 1003).
 */
describe('realtime websocket protocol', () => {
  const rig = useSocketRig();
  const { connect } = rig;

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
    await rig.bus.publish(favorite('f-other', 'u2'));
    await rig.bus.publish(favorite('f-mine', 'u1'));
    const event = await p.next('event');
    expect(event.data).toMatchObject({
      events: expect.arrayContaining(['databases.lyra.collections.Favorite.documents.f-mine.create']),
      payload: { $id: 'f-mine', userId: 'u1' },
      subscriptions: ['sub-a'],
      timestamp: '2026-01-02T03:04:05.678+00:00',
    });
    await rig.bus.publish(favorite('f-q', 'u1', { songId: 'other' }));
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
    await rig.bus.publish(favorite('f-after', 'u1'));
    await rig.bus.publish(favorite('f-after-q', 'u1', { songId: 'other' }));
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
    await rig.bus.publish(accountEvent('u2'));
    await rig.bus.publish(accountEvent('u1'));
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
    await rig.bus.publish(favorite('private', 'u1'));
    await rig.bus.publish(preview);
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
});
