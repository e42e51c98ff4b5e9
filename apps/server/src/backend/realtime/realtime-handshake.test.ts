import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_SOCKETS_PER_ADDRESS } from './socket-limits.js';
import { useSocketRig, type Peer } from './test/socket-rig.js';

/**
 * Opening a realtime socket: the connected frame, the session from cookies of
 * an allowed origin, the project check, and the limit of sockets per client address.
 */
describe('realtime websocket protocol', () => {
  const rig = useSocketRig();
  const { connect } = rig;

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
    const refused = new WebSocket(rig.url + '?project=lyra');
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
      const again = new WebSocket(rig.url + '?project=lyra');
      const ok = await Promise.race([once(again, 'open').then(() => true), once(again, 'unexpected-response').then(() => false)]);
      again.terminate();
      return ok;
    }).toBe(true);
  });

  it('counts sockets per client address, taken from X-Forwarded-For only behind a trusted proxy', async () => {
    const refused = async (headers: Record<string, string>) => {
      const ws = new WebSocket(rig.url + '?project=lyra', { headers });
      const ok = await Promise.race([once(ws, 'open').then(() => false), once(ws, 'unexpected-response').then(() => true)]);
      ws.terminate();
      return ok;
    };
    // Without TRUST_PROXY a rotating header does not buy more sockets.
    await rig.realtime.stop();
    rig.server.closeAllConnections();
    rig.server.close();
    await rig.start(undefined, { REALTIME_MAX_PER_ADDRESS: '2' });
    await connect('?project=lyra', { 'x-forwarded-for': '203.0.113.1' });
    await connect('?project=lyra', { 'x-forwarded-for': '203.0.113.2' });
    expect(await refused({ 'x-forwarded-for': '203.0.113.3' })).toBe(true);
    for (const p of rig.peers.splice(0)) p.ws.terminate();
    await rig.realtime.stop();
    rig.server.closeAllConnections();
    rig.server.close();
    // Behind a trusted proxy each client address has its own allowance.
    await rig.start(undefined, { REALTIME_MAX_PER_ADDRESS: '2', TRUST_PROXY: 'loopback' });
    await connect('?project=lyra', { 'x-forwarded-for': '203.0.113.1' });
    await connect('?project=lyra', { 'x-forwarded-for': '10.0.0.9, 203.0.113.1' });
    expect(await refused({ 'x-forwarded-for': '10.0.0.8, 203.0.113.1' })).toBe(true);
    expect(await refused({ 'x-forwarded-for': '203.0.113.2' })).toBe(false);
  });
});
