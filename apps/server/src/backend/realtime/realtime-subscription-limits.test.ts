import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { sessionsEndedEvent } from './session-end.js';
import { favorite, useSocketRig, type Peer } from './test/socket-rig.js';

/**
 * What subscriptions may hold (socket-limits.ts): 100 subscriptions and 100
 * distinct channels of at most 160 characters per socket; a weight (1 per
 * subscription, 1 per channel, 1 per 160 characters of queries) of 20 per
 * socket REALTIME_MAX_PER_ADDRESS allows to one client address; a total weight
 * for the server. A frame past a bound gets error 1003, changes nothing, and
 * the socket stays open.
 */
describe('realtime subscription limits', () => {
  const rig = useSocketRig();

  /** `n` distinct channel names of `chars` characters. */
  const names = (n: number, tag: string, chars = 0) =>
    Array.from({ length: n }, (_, i) => `databases.lyra.collections.${tag}.documents.d${i}`.padEnd(chars, 'x'));
  const sub = (subscriptionId: string, channels: string[], queries: string[] = []) => ({ subscriptionId, channels, queries });
  const refusal = (message: string) => ({ type: 'error', data: { code: 1003, message } });

  async function open(headers: Record<string, string> = {}) {
    const p = await rig.connect('?project=lyra', headers);
    await p.next('connected');
    return p;
  }

  /** Sends one subscribe frame and returns its answer: a response or an error. */
  async function subscribe(p: Peer, ...subs: ReturnType<typeof sub>[]) {
    const seen = p.frames.length;
    p.send({ type: 'subscribe', data: subs });
    await expect.poll(() => p.frames.length).toBeGreaterThan(seen);
    return p.frames[seen]!;
  }

  it('refuses a subscription that takes a socket past 100 distinct channels, keeping what it held', async () => {
    const p = await open();
    expect((await subscribe(p, sub('a', names(100, 'A')))).type).toBe('response');
    // Channels the socket already names cost no new ones.
    expect((await subscribe(p, sub('b', names(50, 'A')))).type).toBe('response');
    expect(await subscribe(p, sub('c', names(1, 'B')))).toEqual(refusal('A socket can subscribe to at most 100 channels.'));
    expect(rig.realtime.held()).toEqual({ sockets: 1, subscriptions: 2, weight: 152, channelNames: 100 });
    // Replacing `a` frees its names for others.
    expect((await subscribe(p, sub('a', names(50, 'B')))).type).toBe('response');
    expect(rig.realtime.held()).toEqual({ sockets: 1, subscriptions: 2, weight: 102, channelNames: 100 });
    p.send({ type: 'unsubscribe', data: [{ subscriptionId: 'b' }] });
    await expect.poll(() => rig.realtime.held()).toEqual({ sockets: 1, subscriptions: 1, weight: 51, channelNames: 50 });
    p.send({ type: 'ping' });
    await p.next('pong');
    expect(p.closed).toBeNull();
  });

  it.each([
    ['a channel of 161 characters', [sub('x', ['d'.repeat(161)])], 'Subscription x has an invalid channel: names are 1 to 160 characters.'],
    ["the probe's channels of 250 characters", [sub('x', names(100, 'P', 250))], 'Subscription x has an invalid channel: names are 1 to 160 characters.'],
    ['101 channels in one subscription', [sub('x', names(101, 'P'))], 'Subscription x needs 1 to 100 channels.'],
    ['101 subscriptions', Array.from({ length: 101 }, (_, i) => sub(`s${i}`, ['documents'])), 'A socket can hold at most 100 subscriptions.'],
    ['two subscriptions of 60 channels each', [sub('x', names(60, 'P')), sub('y', names(60, 'Q'))], 'A socket can subscribe to at most 100 channels.'],
  ])('answers %s with error 1003 and holds nothing of the frame', async (_name, subs, message) => {
    const p = await open();
    expect(await subscribe(p, ...subs)).toEqual(refusal(message));
    expect(rig.realtime.held()).toEqual({ sockets: 1, subscriptions: 0, weight: 0, channelNames: 0 });
  });

  it('accepts the longest channel an event can name', async () => {
    const p = await open();
    const longest = `databases.${'d'.repeat(36)}.collections.${'c'.repeat(36)}.documents.${'x'.repeat(36)}.create`;
    expect(longest).toHaveLength(149);
    expect((await subscribe(p, sub('x', [longest, 'd'.repeat(160)]))).type).toBe('response');
  });

  it('lets the sockets of one address hold a weight of 20 per socket it may open, and takes it back as sockets close', async () => {
    await rig.restart({ REALTIME_MAX_PER_ADDRESS: '5' });
    const sockets = await Promise.all(Array.from({ length: 5 }, () => open()));
    for (const [i, p] of sockets.slice(0, 3).entries()) expect((await subscribe(p, sub('s', names(30, `S${i}`)))).type).toBe('response');
    expect(await subscribe(sockets[3]!, sub('s', names(30, 'S3')))).toEqual(refusal('Too many realtime subscriptions from this address.'));
    expect(rig.realtime.held('127.0.0.1')).toMatchObject({ sockets: 5, subscriptions: 3, weight: 93 });
    expect((await subscribe(sockets[3]!, sub('s', names(6, 'S3')))).type).toBe('response');
    expect(rig.realtime.held('127.0.0.1')).toMatchObject({ subscriptions: 4, weight: 100 });

    sockets[0]!.ws.close();
    await expect.poll(() => rig.realtime.held('127.0.0.1')).toMatchObject({ sockets: 4, weight: 69 });
    expect((await subscribe(sockets[4]!, sub('s', names(30, 'S4')))).type).toBe('response');
    expect(rig.realtime.held('127.0.0.1')).toMatchObject({ subscriptions: 4, weight: 100 });
  });

  it("weighs a subscription's queries as channels of 160 characters", async () => {
    await rig.restart({ REALTIME_MAX_PER_ADDRESS: '5' });
    const p = await open();
    // Five queries of about 3,900 characters: about 20,000 characters, over 100 channels' worth.
    const queries = Array.from({ length: 5 }, (_, q) => Query.equal('songId', names(100, `Q${q}`).map((n) => n.slice(-36))));
    expect(await subscribe(p, sub('heavy', ['documents'], queries))).toEqual(refusal('Too many realtime subscriptions from this address.'));
    const light = [Query.equal('songId', 's1')];
    expect((await subscribe(p, sub('light', ['documents'], light))).type).toBe('response');
    expect(rig.realtime.held()).toMatchObject({ subscriptions: 1, weight: 2 + Math.ceil(JSON.stringify(light).length / 160) });
  });

  it('refuses subscriptions past the total weight of the server, whichever address asks, until some are given back', async () => {
    await rig.restart({ TRUST_PROXY: 'loopback' }, { maxSubscriptionWeight: 50 });
    const a = await open({ 'x-forwarded-for': '203.0.113.1' });
    const b = await open({ 'x-forwarded-for': '203.0.113.2' });
    expect((await subscribe(a, sub('s', names(30, 'A')))).type).toBe('response');
    expect(await subscribe(b, sub('s', names(30, 'B')))).toEqual(refusal('The server holds too many realtime subscriptions; try again later.'));
    expect((await subscribe(b, sub('s', names(18, 'B')))).type).toBe('response');
    expect(rig.realtime.held()).toMatchObject({ sockets: 2, weight: 50 });
    expect(rig.realtime.held('203.0.113.2')).toMatchObject({ sockets: 1, weight: 19 });
    a.ws.close();
    await expect.poll(() => rig.realtime.held().weight).toBe(19);
    expect((await subscribe(b, sub('t', names(30, 'A')))).type).toBe('response');
  });

  it('gives back what a socket held when its session ends, and still delivers to the sockets that remain', async () => {
    const ended = await open({ cookie: 'a_session_lyra=good-u1' });
    const other = await open({ cookie: 'a_session_lyra=good-u2' });
    await subscribe(ended, sub('s', ['documents', 'account', ...names(10, 'E')]));
    await subscribe(other, sub('s', ['documents']));
    expect(rig.realtime.held()).toMatchObject({ subscriptions: 2, weight: 15, channelNames: 12 });
    await rig.bus.publish(sessionsEndedEvent({ userId: 'u1', sessionIds: null }, 't'));
    await expect.poll(() => ended.closed).toEqual({ code: 1008 });
    await expect.poll(() => rig.realtime.held()).toEqual({ sockets: 1, subscriptions: 1, weight: 2, channelNames: 1 });
    await rig.bus.publish(favorite('f1', 'u2'));
    expect((await other.next('event')).data).toMatchObject({ payload: { $id: 'f1' }, subscriptions: ['s'] });
  });

  it('holds one copy of a channel name however many sockets subscribe to it', async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open()));
    for (const p of sockets) await subscribe(p, sub('s', ['documents', 'files']), sub('t', ['documents']));
    expect(rig.realtime.held()).toEqual({ sockets: 20, subscriptions: 40, weight: 100, channelNames: 2 });
  });
});
