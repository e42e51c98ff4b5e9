import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutageGate, type OutageGate } from './outage-gate.js';
import { DATABASE_UNAVAILABLE } from './unavailable.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const never = <T>() => new Promise<T>(() => {});
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { code?: string },
  );

describe('the outage gate in front of the PostgreSQL pool', () => {
  let gate: OutageGate | undefined;
  afterEach(() => gate?.close());

  /** A gate whose probe answers as `reachable` says, counting its probes. */
  const gateWith = (reachable: { now: boolean | 'hang' }, suspectAfterMs = 60_000) => {
    const probes = { count: 0 };
    gate = createOutageGate({
      probe: async () => {
        probes.count++;
        if (reachable.now === 'hang') return never();
        if (!reachable.now) throw refused();
      },
      probeTimeoutMs: 50,
      probeEveryMs: 10,
      suspectAfterMs,
    });
    return { gate, probes };
  };

  it('passes answers and request errors through untouched', async () => {
    const { gate, probes } = gateWith({ now: true });
    expect(await gate.run(async () => [{ ok: 1 }])).toEqual([{ ok: 1 }]);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(await failure(gate.run(() => Promise.reject(unique)))).toBe(unique);
    expect(probes.count).toBe(0);
  });

  it('after a lost connection and a failed probe, fails every call at once until a probe answers again', async () => {
    const reachable = { now: false as boolean };
    const { gate } = gateWith(reachable);
    let abandoned = 0;
    const waiting = failure(gate.run(never, () => abandoned++));
    expect(await failure(gate.run(() => Promise.reject(refused())))).toMatchObject({ code: 'ECONNREFUSED' });

    await expect.poll(() => gate.down).toBe(true);
    expect(await waiting).toMatchObject({ code: DATABASE_UNAVAILABLE });
    expect(abandoned).toBe(1);
    let ran = 0;
    expect(await failure(gate.run(async () => ++ran))).toMatchObject({ code: DATABASE_UNAVAILABLE });
    expect(ran).toBe(0);

    reachable.now = true;
    await expect.poll(() => gate.down).toBe(false);
    expect(await gate.run(async () => ++ran)).toBe(1);
  });

  it('keeps serving when only one connection was lost and the probe answers', async () => {
    const { gate, probes } = gateWith({ now: true });
    expect(await failure(gate.run(() => Promise.reject(Object.assign(new Error('terminated'), { code: '57P01' }))))).toMatchObject({ code: '57P01' });
    await expect.poll(() => probes.count).toBe(1);
    expect(gate.down).toBe(false);
    expect(await gate.run(async () => 'still here')).toBe('still here');
  });

  it('probes when a call waits too long with no error, and fails it when the probe hangs', async () => {
    const { gate, probes } = gateWith({ now: 'hang' }, 40);
    expect(await failure(gate.run(never))).toMatchObject({ code: DATABASE_UNAVAILABLE });
    expect(probes.count).toBeGreaterThanOrEqual(1);
    expect(gate.down).toBe(true);
  });

  it('lets a slow call finish when the probe says the database answers, probing for it once', async () => {
    vi.useFakeTimers();
    try {
      const { gate, probes } = gateWith({ now: true }, 40);
      let finish!: (v: string) => void;
      const slow = gate.run(() => new Promise<string>((r) => (finish = r)));
      await vi.advanceTimersByTimeAsync(50);
      expect(probes.count).toBe(1);
      await vi.advanceTimersByTimeAsync(500);
      expect(probes.count).toBe(1);
      // A call that starts waiting after that probe is suspect again once it has waited long.
      const later = gate.run(never);
      void later.catch(() => {});
      await vi.advanceTimersByTimeAsync(60);
      expect(probes.count).toBe(2);
      finish('done');
      expect(await slow).toBe('done');
      expect(gate.down).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
