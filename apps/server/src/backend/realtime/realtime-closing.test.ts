import { describe, expect, it } from 'vitest';
import { sessionsEndedEvent } from './session-end.js';
import { MESSAGES_PER_WINDOW } from './socket-limits.js';
import { useSocketRig } from './test/socket-rig.js';

/**
 * When the server closes a socket: its session ended or is no longer live, it
 * sent too many messages, it stopped answering heartbeats, or the server stops.
 */
describe('realtime websocket protocol', () => {
  const rig = useSocketRig();
  const { connect } = rig;

  it('closes the sockets of ended sessions on a session-end event, and only those', async () => {
    const a = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1' });
    const b = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u2' });
    await a.next('connected');
    await b.next('connected');
    await rig.bus.publish(sessionsEndedEvent({ userId: 'u1', sessionIds: ['other'] }, 't'));
    await rig.bus.publish(sessionsEndedEvent({ userId: 'u1', sessionIds: ['s'] }, 't'));
    await expect.poll(() => a.closed).toEqual({ code: 1008 });
    expect(a.of('error')).toEqual([{ type: 'error', data: { code: 1008, message: 'Session is no longer valid.' } }]);
    expect(b.closed).toBeNull();
    await rig.bus.publish(sessionsEndedEvent({ userId: 'u2', sessionIds: null }, 't'));
    await expect.poll(() => b.closed).toEqual({ code: 1008 });
  });

  it('closes a socket whose session is no longer live at a heartbeat (an account blocked in the database)', async () => {
    await rig.realtime.stop();
    rig.server.closeAllConnections();
    rig.server.close();
    await rig.start(50);
    rig.live = null;
    const a = await connect('?project=lyra', { cookie: 'a_session_lyra=good-u1' });
    const guest = await connect();
    await a.next('connected');
    await guest.next('connected');
    // Two heartbeats' checks with every session live: the first one's answer has been acted on.
    const checks = rig.liveChecks;
    await expect.poll(() => rig.liveChecks).toBeGreaterThanOrEqual(checks + 2);
    expect(a.closed).toBeNull();
    rig.live = new Set();
    await expect.poll(() => a.closed).toEqual({ code: 1008 });
    expect(guest.closed).toBeNull();
    rig.live = null;
  });

  it('closes a socket that sends more messages than the limit in a window, with error 1008', async () => {
    const p = await connect();
    await p.next('connected');
    for (let i = 0; i <= MESSAGES_PER_WINDOW; i++) p.send({ type: 'ping' });
    await expect.poll(() => p.closed).toEqual({ code: 1008 });
    expect(p.of('error')).toEqual([{ type: 'error', data: { code: 1008, message: 'Too many messages.' } }]);
    expect(p.of('pong')).toHaveLength(MESSAGES_PER_WINDOW);
  });

  it('closes cleanly with 1001 when the server stops', async () => {
    const p = await connect();
    await p.next('connected');
    await rig.realtime.stop();
    await expect.poll(() => p.closed).toEqual({ code: 1001 });
    rig.server.close();
    await rig.start();
  });

  it('drops a socket that stops answering heartbeats, and keeps one that answers', async () => {
    await rig.realtime.stop();
    rig.server.close();
    await rig.start(50);
    const dead = await connect('?project=lyra', {}, { autoPong: false });
    const live = await connect();
    await dead.next('connected');
    await expect.poll(() => dead.closed, { timeout: 10_000 }).not.toBeNull();
    expect(live.closed).toBeNull();
  });
});
