// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeSection } from './home-section.js';
import { isVisible } from '../../test/visible.js';

let observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
let idle: (() => void)[] = [];

beforeEach(() => {
  observers = [];
  idle = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(readonly cb: IntersectionObserverCallback) {
        observers.push({ cb });
      }
      observe(el: Element) {
        observers.at(-1)!.el = el;
      }
      disconnect() {}
    },
  );
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (id: string) => (
  <HomeSection id={id} title={id} deferred placeholderPx={196}>
    <p>{`${id} songs`}</p>
  </HomeSection>
);

describe('rows below the fold', () => {
  it('keep their heading and a placeholder of their height until the page is idle, one row at a time', () => {
    render(
      <>
        {row('one')}
        {row('two')}
      </>,
    );
    expect(isVisible(screen.getByRole('heading', { name: 'one' }))).toBe(true);
    expect(screen.queryByText('one songs')).toBeNull();
    expect(screen.getByRole('region', { name: 'one' }).getAttribute('aria-busy')).toBe('true');
    act(() => idle.shift()!());
    expect(isVisible(screen.getByText('one songs'))).toBe(true);
    expect(screen.queryByText('two songs')).toBeNull();
    act(() => idle.shift()!());
    expect(isVisible(screen.getByText('two songs'))).toBe(true);
  });

  it('render at once when they come near the screen', () => {
    render(row('near'));
    const o = observers.at(-1)!;
    act(() => o.cb([{ isIntersecting: true, target: o.el! } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(isVisible(screen.getByText('near songs'))).toBe(true);
  });

  it('render at once when not deferred', () => {
    render(
      <HomeSection id="top" title="Top Hits">
        <p>now</p>
      </HomeSection>,
    );
    expect(isVisible(screen.getByText('now'))).toBe(true);
  });
});
