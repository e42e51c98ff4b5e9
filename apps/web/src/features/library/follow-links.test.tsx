// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { useFollowLinks } from './follow-links.js';

function Links() {
  const follow = useFollowLinks();
  return (
    <div role="list" aria-label="Links" onClick={follow}>
      <a href="/album/al1?from=list#top">
        <span>Album 1</span>
      </a>
      <a href="https://example.com/elsewhere">Elsewhere</a>
      <a href="/album/al2" target="_blank">
        New tab
      </a>
      <button type="button">Not a link</button>
    </div>
  );
}

afterEach(cleanup);

describe('a long list following its plain links with one handler', () => {
  it("a click on one of the app's addresses (or on what the link holds) moves within the app", async () => {
    const { router } = renderApp(<Links />, { path: '/list', routes: [{ path: '/album/:id', element: <h1>Album page</h1> }] });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Album 1').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await screen.findByRole('heading', { name: 'Album page' });
    expect(router.state.location).toMatchObject({ pathname: '/album/al1', search: '?from=list', hash: '#top' });
  });

  it('a click with a modifier key, a middle click, another site, a new tab or no link is left to the browser', () => {
    const { router } = renderApp(<Links />, { path: '/list' });
    const cases: [string, MouseEventInit][] = [
      ['Album 1', { ctrlKey: true }],
      ['Album 1', { metaKey: true }],
      ['Album 1', { shiftKey: true }],
      ['Album 1', { button: 1 }],
      ['Elsewhere', {}],
      ['New tab', {}],
      ['Not a link', {}],
    ];
    // What the browser would be left with, seen after the list's handler; then kept from jsdom, which cannot load another page.
    let leftToBrowser: boolean | null = null;
    const lastOnTheWay = (e: Event) => {
      leftToBrowser = !e.defaultPrevented;
      e.preventDefault();
    };
    window.addEventListener('click', lastOnTheWay);
    for (const [name, init] of cases) {
      leftToBrowser = null;
      screen.getByText(name).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      expect(leftToBrowser, `${name} ${JSON.stringify(init)}`).toBe(true);
    }
    window.removeEventListener('click', lastOnTheWay);
    expect(router.state.location.pathname).toBe('/list');
    fireEvent.click(screen.getByText('Not a link'));
    expect(router.state.location.pathname).toBe('/list');
  });
});
