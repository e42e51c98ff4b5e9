// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onAudioQualityChange } from '../player/index.js';
import { renderApp } from '../../test/render.js';
import { AudioQualitySelect } from './audio-quality-select.js';
import { QUALITY_TIERS } from './quality-tiers.js';
import { findToast } from '../../test/toast.js';

// Radix Select measures and captures the pointer; jsdom has neither.
beforeEach(() => {
  localStorage.clear();
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
  window.HTMLElement.prototype.releasePointerCapture ??= () => {};
});
afterEach(() => {
  cleanup();
  toast.dismiss();
});

describe('audio quality dropdown (SPEC#profile-audio-quality-dropdown-tiers, SPEC#states-audio-quality)', () => {
  it("lists SPEC's tiers: Premium 320; Standard 160 and 96; Basic 48 and 12, each with a tooltip", () => {
    expect(QUALITY_TIERS.map((t) => [t.tier, t.levels.map((l) => `${l.quality} (${l.label})`)])).toEqual([
      ['Premium', ['320kbps (High Definition)']],
      ['Standard', ['160kbps (Standard)', '96kbps (Basic)']],
      ['Basic', ['48kbps (Low)', '12kbps (Ultra Low)']],
    ]);
    expect(QUALITY_TIERS.flatMap((t) => t.levels).every((l) => l.tooltip.length > 10)).toBe(true);
  });

  it('shows the stored quality, default 320kbps', () => {
    renderApp(<AudioQualitySelect />);
    expect(screen.getByRole('combobox', { name: 'Audio quality' }).textContent).toContain('320kbps (High Definition)');
    expect(localStorage.getItem('audioQuality')).toBe('320kbps');
  });

  it("a choice is stored, handed to the player and confirmed: 'Audio quality set to 96kbps'", async () => {
    const heard: string[] = [];
    const off = onAudioQualityChange((q) => heard.push(q));
    renderApp(<AudioQualitySelect />);
    const trigger = screen.getByRole('combobox', { name: 'Audio quality' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '320kbps (High Definition)',
      '160kbps (Standard)',
      '96kbps (Basic)',
      '48kbps (Low)',
      '12kbps (Ultra Low)',
    ]);
    fireEvent.click(within(list).getByRole('option', { name: '96kbps (Basic)' }));
    expect(await findToast('Audio quality set to 96kbps')).toEqual({ type: 'success', description: null, action: null });
    expect(localStorage.getItem('audioQuality')).toBe('96kbps');
    expect(heard).toEqual(['96kbps']);
    off();
  });
});
