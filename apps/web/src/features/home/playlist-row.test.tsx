// @vitest-environment jsdom
import type { HomePlaylistRow } from '@lyra/contracts/catalogue';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { PlaylistRow } from './playlist-row.js';

/** Every IntersectionObserver the row makes, with what it watches and whether it was let go. */
let observers: { cb: IntersectionObserverCallback; els: Element[]; live: boolean }[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb, els: [], live: true };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.els.push(el);
      }
      unobserve() {}
      disconnect() {
        this.entry.live = false;
      }
    },
  );
  // Rows below the fold also show when the page is idle; here only scrolling shows them.
  vi.stubGlobal('requestIdleCallback', () => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (count: number): HomePlaylistRow => ({
  id: 'made-for-you',
  title: 'Made for You',
  kind: 'playlists',
  layout: 'row',
  limit: 50,
  query: null,
  playlists: Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: `List ${i + 1}`,
    type: 'playlist' as const,
    image: [],
    url: `http://x/playlist/p${i + 1}`,
    songCount: 12,
    language: 'english',
    explicitContent: false,
  })),
});

/** Scrolls `el` into view: every live observer watching it is told so. */
function scrollIntoView(el: Element) {
  const watching = observers.filter((o) => o.live && o.els.includes(el));
  act(() => {
    for (const o of watching) o.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
  return watching.length;
}

const region = () => screen.getByRole('region', { name: 'Made for You' });
const shown = () => region().querySelectorAll('[data-playlist-id]').length;
/** The empty list item after the cards whose coming into view shows more. */
const endSentinel = () => region().querySelector('li[aria-hidden="true"]');

/** Renders the row and scrolls it near the screen (it is a deferred Home row). */
function renderRow(count: number) {
  renderApp(<PlaylistRow row={row(count)} />);
  expect(scrollIntoView(region())).toBe(1);
}

describe('Home playlist rows (SPEC#home-top-bottom-shown: 7 shown initially, 7 more when scrolled into view)', () => {
  it('shows 7 at first, 14 once the end of the row comes into view, then 7 more each time', () => {
    renderRow(30);
    expect(shown()).toBe(7);
    expect(scrollIntoView(endSentinel()!)).toBe(1);
    expect(shown()).toBe(14);
    expect(scrollIntoView(endSentinel()!)).toBe(1);
    expect(shown()).toBe(21);
  });

  it('the cards shown are the first ones, in order', () => {
    renderRow(30);
    scrollIntoView(endSentinel()!);
    const ids = [...region().querySelectorAll('[data-playlist-id]')].map((b) => b.getAttribute('data-playlist-id'));
    expect(ids).toEqual(Array.from({ length: 14 }, (_, i) => `p${i + 1}`));
  });

  it('never shows more than the list has, and drops the end marker once all are shown', () => {
    renderRow(10);
    expect(shown()).toBe(7);
    scrollIntoView(endSentinel()!);
    expect(shown()).toBe(10);
    expect(endSentinel()).toBeNull();
  });

  it('a list of 7 or fewer shows them all with nothing more to reveal', () => {
    renderRow(5);
    expect(shown()).toBe(5);
    expect(endSentinel()).toBeNull();
  });

  it('shows nothing for an empty list', () => {
    renderApp(<PlaylistRow row={row(0)} />);
    expect(screen.queryByRole('region', { name: 'Made for You' })).toBeNull();
  });
});
