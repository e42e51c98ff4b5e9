import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { useSocketRig, type Peer } from './test/socket-rig.js';

/** The garbage collector, exposed at run time when node was not started with --expose-gc. */
function collector(): () => void {
  const exposed = globalThis.gc;
  if (exposed) return () => void exposed();
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapUsed(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * A probe's pattern, scaled down: guest sockets of one address each asking
 * for as many subscriptions of 100 distinct channels as the message limit
 * lets through. What the server holds stays at its bounds (socket-limits.ts),
 * counted and on the heap.
 */
describe('realtime memory under a subscription flood', () => {
  const rig = useSocketRig();
  const SOCKETS = 30;
  const FRAMES = 50;

  /** Opens a socket, sends its frames, and waits for an answer to each. */
  async function flood(index: number, frame: (f: number) => unknown): Promise<Peer> {
    const p = await rig.connect();
    await p.next('connected');
    for (let f = 0; f < FRAMES; f++) p.send({ type: 'subscribe', data: frame(f) });
    await expect.poll(() => p.frames.length, { timeout: 30_000 }).toBe(1 + FRAMES);
    return p;
  }

  const channels = (chars: number, ...at: number[]) =>
    Array.from({ length: 100 }, (_, c) => `databases.p${[...at, c].join('.')}.`.padEnd(chars, 'x'));

  it("holds nothing of the probe's channels of 250 characters", async () => {
    const peers = [];
    for (let s = 0; s < 5; s++) {
      peers.push(await flood(s, (f) => [0, 1].map((i) => ({ subscriptionId: `s${f}-${i}`, channels: channels(250, s, f, i) }))));
    }
    expect(peers.flatMap((p) => p.of('response'))).toEqual([]);
    expect(rig.realtime.held()).toEqual({ sockets: 5, subscriptions: 0, weight: 0, channelNames: 0 });
  });

  it('holds at most 100 channels per socket and a weight of 2,000 per address, of channels at the longest length allowed', async () => {
    const gc = collector();
    const before = heapUsed(gc);
    const peers: Peer[] = [];
    for (let s = 0; s < SOCKETS; s++) {
      peers.push(await flood(s, (f) => [{ subscriptionId: `s${f}`, channels: channels(160, s, f) }]));
    }
    const held = rig.realtime.held('127.0.0.1');
    // Each socket's first subscription fills its 100 channels (weight 101); the address's 2,000 (100 sockets x 20) take 19.
    expect(held).toEqual({ sockets: SOCKETS, subscriptions: 19, weight: 1_919, channelNames: 1_900 });
    expect(peers.map((p) => p.of('response').length)).toEqual([...Array<number>(19).fill(1), ...Array<number>(11).fill(0)]);
    expect(new Set(peers.flatMap((p) => p.of('error').map((e) => e.data!.message)))).toEqual(
      new Set(['A socket can subscribe to at most 100 channels.', 'Too many realtime subscriptions from this address.']),
    );
    // Unbounded, these 1,500 subscriptions hold 150,000 names of 160 characters: about 80 MB here, against 4 MB bounded.
    const grown = heapUsed(gc) - before;
    expect(grown).toBeLessThan(16 * 2 ** 20);
  });
});
