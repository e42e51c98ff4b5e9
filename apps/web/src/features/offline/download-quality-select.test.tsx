// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { LoudnessSelect } from '../profile/ui.js';
import { DownloadQualitySelect } from './download-quality-select.js';

// Radix Select measures and captures the pointer; jsdom has neither.
beforeEach(() => {
  localStorage.clear();
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
  window.HTMLElement.prototype.releasePointerCapture ??= () => {};
});
afterEach(cleanup);

const open = async (name: string) => {
  fireEvent.pointerDown(screen.getByRole('combobox', { name }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return screen.findByRole('listbox');
};

describe("Profile's hinted settings dropdowns", () => {
  it('Download quality shows Standard (160 kbps) until another is picked, and keeps the pick on this device', async () => {
    renderApp(<DownloadQualitySelect />);
    expect(screen.getByRole('combobox', { name: 'Download quality' }).textContent).toBe('Standard (160 kbps)');
    const list = await open('Download quality');
    expect(within(list).getAllByRole('option').map((o) => o.querySelector('span > span')?.textContent)).toEqual([
      'High (320 kbps)',
      'Standard (160 kbps)',
      'Data saver (96 kbps)',
    ]);
    fireEvent.click(within(list).getByRole('option', { name: /^High/ }));
    expect(localStorage.getItem('offlineQuality')).toBe('320kbps');
    expect(screen.getByRole('combobox', { name: 'Download quality' }).textContent).toBe('High (320 kbps)');
  });

  it('Volume normalisation stores the chosen mode', async () => {
    renderApp(<LoudnessSelect />);
    expect(screen.getByRole('combobox', { name: 'Volume normalisation' }).textContent).toBe('Automatic');
    fireEvent.click(within(await open('Volume normalisation')).getByRole('option', { name: /^Every song/ }));
    expect(screen.getByRole('combobox', { name: 'Volume normalisation' }).textContent).toBe('Every song');
    cleanup();
    renderApp(<LoudnessSelect />);
    expect(screen.getByRole('combobox', { name: 'Volume normalisation' }).textContent).toBe('Every song');
  });
});
