// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from '../lib/scroll-pace.js';
import { CoverImage } from './cover-image.js';

let y = 0;
/** The window scrolled to `to` a 16 ms frame later. */
function scrollTo(to: number) {
  vi.advanceTimersByTime(16);
  y = to;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}
/** `frames` frames at `pxPerFrame` (at 16 ms a frame, 4,000 px/s is 64 px a frame). */
function fling(frames: number, pxPerFrame = 64) {
  for (let i = 0; i < frames; i++) scrollTo(y + pxPerFrame);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const pictures = (el: HTMLElement) => [...el.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('a cover that waits while a list flies past', () => {
  it('is asked for at once while the page is at rest or moves slowly', () => {
    const { container, rerender } = render(<CoverImage src="/images/a/50.jpg" size={40} waitWhileFast />);
    expect(pictures(container)).toEqual(['/images/a/50.jpg']);
    for (let i = 0; i < 20; i++) scrollTo(y + 20);
    rerender(
      <>
        <CoverImage src="/images/a/50.jpg" size={40} waitWhileFast />
        <CoverImage src="/images/b/50.jpg" size={40} waitWhileFast />
      </>,
    );
    expect(pictures(container)).toEqual(['/images/a/50.jpg', '/images/b/50.jpg']);
  });

  it('comes in while the page flies as an empty square, asked for once the scroll settles, and stays', () => {
    const first = <CoverImage key="a" src="/images/a/50.jpg" size={40} waitWhileFast className="size-10" />;
    const { container, rerender } = render(first);
    fling(10);
    rerender(
      <>
        {first}
        <CoverImage key="b" src="/images/b/50.jpg" size={40} waitWhileFast className="size-10" />
      </>,
    );
    // The one already shown stays; the new one is a square of its size, with no picture asked for.
    expect(pictures(container)).toEqual(['/images/a/50.jpg']);
    expect(container.querySelectorAll('span.size-10')).toHaveLength(1);
    fling(10);
    expect(pictures(container)).toEqual(['/images/a/50.jpg']);
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS);
    });
    expect(pictures(container)).toEqual(['/images/a/50.jpg', '/images/b/50.jpg']);
    // Shown once, it stays through the next fling.
    fling(10);
    expect(pictures(container)).toEqual(['/images/a/50.jpg', '/images/b/50.jpg']);
  });

  it('does not wait when not asked to, however fast the page moves', () => {
    const { container, rerender } = render(<CoverImage key="a" src="/images/a/50.jpg" size={40} waitWhileFast />);
    fling(10);
    rerender(
      <>
        <CoverImage key="a" src="/images/a/50.jpg" size={40} waitWhileFast />
        <CoverImage key="b" src="/images/b/500.jpg" size={300} />
      </>,
    );
    expect(pictures(container)).toEqual(['/images/a/50.jpg', '/images/b/500.jpg']);
  });
});
