// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDecodedVoice, type DecodedVoice } from './decoded-voice.js';

/** The part of an AudioContext a decoded song uses, on a clock the test moves. */
class FakeSource {
  buffer: unknown = null;
  onended: (() => void) | null = null;
  started: [number, number] | null = null;
  stopped = false;
  playbackRate = { value: 1 };
  connect() {}
  disconnect() {}
  start(when: number, offset: number) {
    this.started = [when, offset];
  }
  stop() {
    this.stopped = true;
  }
}
/** A gain's parameter: its value and the automation asked of it. */
function fakeParam() {
  const calls: string[] = [];
  return {
    calls,
    value: 1,
    cancelScheduledValues: () => void calls.push('cancel'),
    setValueAtTime: (v: number, t: number) => void calls.push(`${v} at ${t}`),
    setTargetAtTime: (v: number, t: number) => void calls.push(`towards ${v} from ${t}`),
    setValueCurveAtTime: (c: Float32Array, t: number, d: number) => void calls.push(`${c[0]}→${c.at(-1)} from ${t} for ${d}`),
  };
}
function fakeContext() {
  const sources: FakeSource[] = [];
  /** In the order the voice makes them: crossfade, loudness, volume. */
  const gains: ReturnType<typeof fakeParam>[] = [];
  const ctx = {
    currentTime: 0,
    createGain: () => {
      const gain = fakeParam();
      gains.push(gain);
      return { gain, connect() {}, disconnect() {} };
    },
    createBufferSource: () => {
      const s = new FakeSource();
      sources.push(s);
      return s;
    },
  };
  return { ctx, sources, gains };
}

let f: ReturnType<typeof fakeContext>;
let voice: DecodedVoice;
let events: string[];
beforeEach(() => {
  vi.useFakeTimers();
  f = fakeContext();
  const buffer = { duration: 3 } as AudioBuffer;
  voice = createDecodedVoice(f.ctx as unknown as BaseAudioContext, buffer, {} as AudioNode, '/media/b/320.mp4');
  events = [];
  for (const t of ['playing', 'pause', 'ended', 'seeked']) voice.addEventListener(t, () => events.push(t));
});
afterEach(() => {
  voice.dispose();
  vi.useRealTimers();
});

describe('a decoded song on the audio clock', () => {
  it('starts at the exact clock time it is given, and its position runs from there', () => {
    f.ctx.currentTime = 4.2;
    voice.startAt(5.023696);
    expect(f.sources[0]!.started).toEqual([5.023696, 0]);
    expect(voice.paused).toBe(false);
    expect(voice.currentTime).toBe(0);
    f.ctx.currentTime = 6.023696;
    expect(voice.currentTime).toBeCloseTo(1, 9);
    expect(voice.endsAtS()).toBeCloseTo(8.023696, 9);
  });

  it('pauses where it is and plays on from there', async () => {
    voice.startAt(0);
    f.ctx.currentTime = 2;
    voice.pause();
    expect(f.sources[0]!.stopped).toBe(true);
    expect(voice.currentTime).toBe(2);
    expect(Number.isNaN(voice.endsAtS())).toBe(true);
    f.ctx.currentTime = 10;
    await voice.play();
    expect(f.sources[1]!.started).toEqual([10, 2]);
    expect(events).toEqual(['pause', 'playing']);
  });

  it('seeks by starting again at the new place', () => {
    voice.startAt(0);
    f.ctx.currentTime = 1;
    voice.currentTime = 2.5;
    expect(f.sources[0]!.stopped).toBe(true);
    expect(f.sources[1]!.started).toEqual([1, 2.5]);
    expect(voice.seekable.end(0)).toBe(3);
    expect(events).toEqual(['seeked']);
  });

  it('reports its end like an element: paused, ended, at its length; play starts it over', async () => {
    voice.startAt(0);
    f.ctx.currentTime = 3;
    f.sources[0]!.onended?.();
    expect(events).toEqual(['pause', 'ended']);
    expect(voice.ended).toBe(true);
    expect(voice.paused).toBe(true);
    expect(voice.currentTime).toBe(3);
    await voice.play();
    expect(f.sources[1]!.started).toEqual([3, 0]);
  });

  it('plays a little faster or slower when asked: its position and end follow the rate from then on, and a seek keeps it', () => {
    voice.startAt(0);
    f.ctx.currentTime = 1;
    voice.playbackRate = 1.005;
    expect(f.sources[0]!.playbackRate.value).toBe(1.005);
    f.ctx.currentTime = 2;
    expect(voice.currentTime).toBeCloseTo(2.005, 9);
    expect(voice.endsAtS()).toBeCloseTo(1 + 2 / 1.005, 9);
    voice.currentTime = 0.5;
    expect(f.sources[1]!.playbackRate.value).toBe(1.005);
    // Asked before its start on the clock: the rate counts from the start.
    const later = createDecodedVoice(f.ctx as unknown as BaseAudioContext, { duration: 3 } as AudioBuffer, {} as AudioNode, '/media/c/320.mp4');
    later.startAt(5);
    later.playbackRate = 0.995;
    f.ctx.currentTime = 7;
    expect(later.currentTime).toBeCloseTo(1.99, 9);
    later.dispose();
  });

  it('keeps its loudness gain apart from its volume: set outright before it starts, moved smoothly while it plays', () => {
    const [, level, volume] = f.gains;
    voice.volume = 0.7;
    voice.level = 0.5;
    expect([level!.value, volume!.value]).toEqual([0.5, 0.7]);
    voice.startAt(0);
    f.ctx.currentTime = 1;
    voice.level = 0.25;
    expect(level!.calls.at(-1)).toBe('towards 0.25 from 1');
    expect(voice.level).toBe(0.25);
    expect(volume!.value).toBe(0.7);
  });

  it('fades along a curve on the audio clock, and back to full when a fade is cut short', () => {
    const [fade] = f.gains;
    voice.fader.fade(new Float32Array([0, 0.7, 1]), 5, 4);
    expect(fade!.calls).toEqual(['cancel', '0→1 from 5 for 4']);
    f.ctx.currentTime = 6;
    fade!.value = 0.4;
    voice.fader.settle();
    expect(fade!.calls.slice(2)).toEqual(['cancel', '0.4 at 6', 'towards 1 from 6']);
  });
});
