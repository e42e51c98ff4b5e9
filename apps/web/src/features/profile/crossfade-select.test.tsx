// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onCrossfadeChange, readCrossfadeS } from '../player/index.js';
import { renderApp } from '../../test/render.js';
import { CrossfadeSelect } from './crossfade-select.js';

// Radix Select measures and captures the pointer; jsdom has neither.
beforeEach(() => {
  localStorage.clear();
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
  window.HTMLElement.prototype.releasePointerCapture ??= () => {};
});
afterEach(cleanup);

const trigger = () => screen.getByRole('combobox', { name: 'Crossfade' });
const open = async () => {
  fireEvent.pointerDown(trigger(), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return screen.findByRole('listbox');
};

describe('Crossfade setting (Profile)', () => {
  it('is off until chosen, and offers off and 2 to 12 s, each saying what it does', async () => {
    renderApp(<CrossfadeSelect />);
    expect(trigger().textContent).toBe('Off');
    const options = within(await open()).getAllByRole('option');
    expect(options.map((o) => o.querySelector('span > span')?.textContent)).toEqual(['Off', '2 s', '4 s', '6 s', '8 s', '10 s', '12 s']);
    expect(options[0]!.textContent).toContain('Songs follow on without a gap');
    expect(options[2]!.textContent).toContain('Songs blend over 4 seconds; albums stay gapless');
  });

  it('a choice is kept on this device and handed to the player at once', async () => {
    const heard: number[] = [];
    const off = onCrossfadeChange((s) => heard.push(s));
    renderApp(<CrossfadeSelect />);
    fireEvent.click(within(await open()).getByRole('option', { name: /^4 s/ }));
    expect(trigger().textContent).toBe('4 s');
    expect(localStorage.getItem('crossfadeSeconds')).toBe('4');
    expect(readCrossfadeS()).toBe(4);
    expect(heard).toEqual([4]);
    off();
  });

  it('shows the stored length; a stored value it does not offer counts as off', () => {
    localStorage.setItem('crossfadeSeconds', '10');
    renderApp(<CrossfadeSelect />);
    expect(trigger().textContent).toBe('10 s');
    cleanup();
    localStorage.setItem('crossfadeSeconds', '7');
    renderApp(<CrossfadeSelect />);
    expect(trigger().textContent).toBe('Off');
  });
});
