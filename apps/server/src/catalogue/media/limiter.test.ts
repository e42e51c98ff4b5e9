import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

describe('createLimiter', () => {
  it('runs at most max tasks and starts waiting ones in arrival order', () => {
    const limiter = createLimiter(2);
    const started: string[] = [];
    const releases: Record<string, () => void> = {};
    for (const name of ['a', 'b', 'c', 'd']) {
      limiter.enqueue((release) => {
        started.push(name);
        releases[name] = release;
      });
    }
    expect(started).toEqual(['a', 'b']);
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(2);
    releases.b!();
    expect(started).toEqual(['a', 'b', 'c']);
    releases.b!(); // a second release of the same task changes nothing
    expect(limiter.running).toBe(2);
    releases.a!();
    releases.c!();
    releases.d!();
    expect(limiter.running).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it('never runs a withdrawn task', () => {
    const limiter = createLimiter(1);
    let release = () => {};
    const ran: string[] = [];
    limiter.enqueue((r) => {
      ran.push('first');
      release = r;
    });
    const ticket = limiter.enqueue(() => ran.push('withdrawn'));
    limiter.enqueue(() => ran.push('third'));
    expect(ticket.cancel()).toBe(true);
    expect(ticket.cancel()).toBe(false);
    release();
    expect(ran).toEqual(['first', 'third']);
  });

  it('frees the slot of a task that throws', () => {
    const limiter = createLimiter(1);
    limiter.enqueue(() => {
      throw new Error('boom');
    });
    expect(limiter.running).toBe(0);
    let ran = false;
    limiter.enqueue(() => (ran = true));
    expect(ran).toBe(true);
  });
});
