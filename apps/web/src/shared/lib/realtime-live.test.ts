import { describe, expect, it } from 'vitest';
import { confirmedChannels, coversAll } from './realtime-live.js';

const answer = (channels: string[][], success = true) =>
  JSON.stringify({ type: 'response', data: { to: 'subscribe', success, subscriptions: channels.map((c, i) => ({ subscriptionId: `s${i}`, channels: c })) } });

describe("a realtime subscription is live once the server's answer names its channels", () => {
  it("reads the channels of the server's answer to a subscribe frame", () => {
    const confirmed = confirmedChannels(answer([['catalogue', 'databases.lyra.collections.Favorite.documents'], ['devices']]));
    expect([...confirmed!].sort()).toEqual(['catalogue', 'databases.lyra.collections.Favorite.documents', 'devices']);
    expect(coversAll(confirmed!, ['devices', 'catalogue'])).toBe(true);
    expect(coversAll(confirmed!, ['devices', 'databases.lyra.collections.Playlist.documents'])).toBe(false);
  });

  it('takes nothing else for it: events, the connected frame, a refused subscribe, an unsubscribe answer, bad frames', () => {
    expect(confirmedChannels(JSON.stringify({ type: 'event', data: { channels: ['devices'], events: ['subscribe'] } }))).toBeNull();
    expect(confirmedChannels(JSON.stringify({ type: 'connected', data: { channels: [], subscriptions: [] } }))).toBeNull();
    expect(confirmedChannels(answer([['devices']], false))).toBeNull();
    expect(confirmedChannels(JSON.stringify({ type: 'response', data: { to: 'unsubscribe', success: true, subscriptions: [] } }))).toBeNull();
    expect(confirmedChannels('{"type":"response","data":{"to":"subscribe"')).toBeNull();
    expect(confirmedChannels(new ArrayBuffer(2))).toBeNull();
  });
});
