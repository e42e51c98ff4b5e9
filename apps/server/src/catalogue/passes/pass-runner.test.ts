import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../log.js';
import { startPassRunner, type LibraryPass } from './pass-runner.js';

/** A pass with `work` items, one per batch; each batch waits for `gate` when given. */
function countingPass(work: number, gate?: Promise<void>) {
  const done: number[] = [];
  let left = work;
  const pass: LibraryPass = {
    name: 'test',
    async batch() {
      await gate;
      if (left === 0) return 0;
      done.push(left--);
      return 1;
    },
  };
  return { pass, done, add: (n: number) => (left += n) };
}

/** `pass`, noting `name` in `order` for each batch that did work. */
const logged = (pass: LibraryPass, name: string, order: string[]): LibraryPass => ({
  name,
  async batch(signal) {
    const n = await pass.batch(signal);
    if (n > 0) order.push(name);
    return n;
  },
});

describe('pass runner', () => {
  it('runs every batch until there is nothing left, then is idle; a kick runs it again', async () => {
    const p = countingPass(3);
    const runner = startPassRunner([p.pass], silentLogger);
    await runner.idle();
    expect(p.done).toEqual([3, 2, 1]);
    p.add(2);
    runner.kick();
    await runner.idle();
    expect(p.done).toEqual([3, 2, 1, 2, 1]);
    await runner.stop();
  });

  it('stops promptly in the middle of a round', async () => {
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const p = countingPass(100, gate);
    const runner = startPassRunner([p.pass], silentLogger);
    const stopped = runner.stop();
    open();
    await stopped;
    expect(p.done.length).toBeLessThan(100);
  });

  it('a long pass that yields to kicks lets the passes before it run first, then goes on and finishes', async () => {
    const order: string[] = [];
    const quick = countingPass(0);
    const quickPass = logged(quick.pass, 'quick', order);
    let left = 5;
    let runner: ReturnType<typeof startPassRunner> | null = null;
    const long: LibraryPass = {
      name: 'long',
      yieldsToKick: true,
      async batch() {
        if (left === 0) return 0;
        order.push(`long ${left--}`);
        // After its second batch, a scan adds quick work and kicks.
        if (left === 3) {
          quick.add(1);
          runner!.kick();
        }
        return 1;
      },
      async finish() {
        order.push('long finished');
      },
    };
    runner = startPassRunner([quickPass, long], silentLogger);
    await runner.idle();
    expect(order).toEqual(['long 5', 'long 4', 'quick', 'long 3', 'long 2', 'long 1', 'long finished']);
    await runner.stop();
  });

  it('a pass that does not yield finishes its round before a kick runs the passes again', async () => {
    const order: string[] = [];
    const quick = countingPass(0);
    const quickPass = logged(quick.pass, 'quick', order);
    let left = 3;
    let runner: ReturnType<typeof startPassRunner> | null = null;
    const steady: LibraryPass = {
      name: 'steady',
      async batch() {
        if (left === 0) return 0;
        order.push(`steady ${left--}`);
        if (left === 1) {
          quick.add(1);
          runner!.kick();
        }
        return 1;
      },
    };
    runner = startPassRunner([quickPass, steady], silentLogger);
    await runner.idle();
    expect(order).toEqual(['steady 3', 'steady 2', 'steady 1', 'quick']);
    await runner.stop();
  });

  it('a failing pass does not stop the others', async () => {
    const broken: LibraryPass = { name: 'broken', batch: () => Promise.reject(new Error('boom')) };
    const p = countingPass(2);
    const runner = startPassRunner([broken, p.pass], silentLogger);
    await runner.idle();
    expect(p.done).toEqual([2, 1]);
    await runner.stop();
  });
});
