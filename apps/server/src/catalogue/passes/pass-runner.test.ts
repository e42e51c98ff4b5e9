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

  it('a failing pass does not stop the others', async () => {
    const broken: LibraryPass = { name: 'broken', batch: () => Promise.reject(new Error('boom')) };
    const p = countingPass(2);
    const runner = startPassRunner([broken, p.pass], silentLogger);
    await runner.idle();
    expect(p.done).toEqual([2, 1]);
    await runner.stop();
  });
});
