import type { AudioLike } from '../features/player/audio-engine.js';

/** An audio element double: records what the engine asks and lets tests fire media events. */
export class FakeAudio extends EventTarget implements AudioLike {
  src = '';
  currentTime = 0;
  volume = 1;
  duration = Number.NaN;
  paused = true;
  ended = false;
  error: { code: number } | null = null;
  /**
   * How far the element can seek: a file served with Range (the default,
   * a cached tier) seeks anywhere; a live transcode seeks nowhere (set 0).
   */
  seekableEndS = Number.POSITIVE_INFINITY;
  plays = 0;
  sources: string[] = [];
  playResult: () => Promise<void> = () => Promise.resolve();

  constructor() {
    super();
    // Record every source assignment, as the element would start a load for each.
    let src = '';
    Object.defineProperty(this, 'src', {
      get: () => src,
      set: (v: string) => {
        src = v;
        this.sources.push(v);
        this.paused = true;
        this.error = null;
      },
    });
  }

  get seekable() {
    const end = this.seekableEndS;
    return { length: 1, start: () => 0, end: () => end };
  }

  play(): Promise<void> {
    this.plays++;
    this.paused = false;
    return this.playResult();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }

  removeAttribute(): void {
    this.src = '';
  }

  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }

  fail(code: number): void {
    this.error = { code };
    this.paused = true;
    this.emit('error');
  }
}
