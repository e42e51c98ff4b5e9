// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_RENDERED_MARK, takeOverFirstScreen } from './first-screen.js';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** A song tile as the app renders it, counting its clicks. */
function addTile(id: string): { clicks: () => number } {
  const tile = document.createElement('button');
  tile.dataset.songId = id;
  const onClick = vi.fn();
  tile.addEventListener('click', onClick);
  document.body.append(tile);
  return { clicks: () => onClick.mock.calls.length };
}

afterEach(() => {
  document.body.replaceChildren();
  window.lyraStarted = false;
  window.lyraEarlyTap = null;
  performance.clearMarks();
});

describe('takeOverFirstScreen', () => {
  it('marks the app as started; with no early tap it clicks nothing', async () => {
    const other = addTile('s1');
    takeOverFirstScreen();
    await tick();
    expect(window.lyraStarted).toBe(true);
    expect(performance.getEntriesByName(APP_RENDERED_MARK)).toHaveLength(1);
    expect(other.clicks()).toBe(0);
  });

  it('replays the early tap on the song tile once, when the app shows it', async () => {
    const other = addTile('s1');
    const tapped = addTile('s "2"');
    window.lyraEarlyTap = 's "2"';
    takeOverFirstScreen();
    expect(window.lyraEarlyTap).toBeNull();
    await tick();
    expect(tapped.clicks()).toBe(1);
    expect(other.clicks()).toBe(0);
    addTile('s3');
    await tick();
    expect(tapped.clicks()).toBe(1);
  });

  it('waits for the song to reach the screen when the app renders before its rows', async () => {
    window.lyraEarlyTap = 's2';
    takeOverFirstScreen();
    await tick(20);
    addTile('s1');
    await tick();
    const tapped = addTile('s2');
    await tick();
    expect(tapped.clicks()).toBe(1);
  });

  it('drops the early tap once the listener taps or presses a key', async () => {
    for (const event of [new Event('pointerdown'), new KeyboardEvent('keydown', { key: ' ' })]) {
      window.lyraEarlyTap = 's2';
      takeOverFirstScreen();
      await tick();
      window.dispatchEvent(event);
      const tapped = addTile('s2');
      await tick();
      expect(tapped.clicks()).toBe(0);
      document.body.replaceChildren();
    }
  });

  it('drops the early tap when its song has not reached the screen in time', async () => {
    window.lyraEarlyTap = 's2';
    takeOverFirstScreen(window, 30);
    await tick(60);
    const tapped = addTile('s2');
    await tick();
    expect(tapped.clicks()).toBe(0);
  });
});
