// @vitest-environment jsdom
import type { ArtistRef } from '@lyra/contracts/catalogue';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { AllResults, type AllFound } from './all-results.js';
import type { ResultHandlers } from './search-results.js';

afterEach(cleanup);

const artist = (id: string, name: string, url: string | null): ArtistRef => ({
  id,
  name,
  role: 'Artist',
  type: 'artist',
  image: url ? [{ quality: '500x500', url }] : [],
  url: '',
});

const handlers: ResultHandlers = { onSong: () => {}, onAlbum: () => {}, onArtist: () => {}, onPlaylist: () => {}, onOwnPlaylist: () => {} };

function topResult(found: AllFound, term: string) {
  renderApp(<AllResults found={found} term={term} handlers={handlers} onSeeAll={() => {}} />);
  const card = within(screen.getByRole('region', { name: 'Top result' })).getByRole('button');
  return { card, picture: card.querySelector('[data-picture]')!, img: () => card.querySelector('img') };
}

describe("the All view's top result, when it is an artist", () => {
  it('shows the round picture over their initials once it has loaded, and the initials until then', () => {
    const { card, picture, img } = topResult({ songs: [], albums: [], artists: [artist('ar-mira', 'Mira Solen', '/images/ar-mira/500x500.jpg')] }, 'mira solen');
    expect(card.getAttribute('data-top-result')).toBe('artist');
    expect(card.querySelector('[data-initials]')!.getAttribute('data-initials')).toBe('MS');
    expect(picture.getAttribute('data-picture')).toBe('initials');
    expect(img()!.getAttribute('src')).toBe('/images/ar-mira/500x500.jpg');
    expect(picture.className).toContain('rounded-full');
    fireEvent.load(img()!);
    expect(picture.getAttribute('data-picture')).toBe('loaded');
    // The initials are drawn, not part of the card's name.
    expect(card.textContent).toBe('Mira SolenArtist');
  });

  it('keeps the initials when the picture fails, with no broken image left', () => {
    const { picture, img } = topResult({ songs: [], albums: [], artists: [artist('ar-zoe', 'Zoë Quinn', '/images/ar-zoe/500x500.jpg')] }, 'zoë quinn');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(picture.getAttribute('data-picture')).toBe('initials');
    expect(picture.querySelector('[data-initials]')!.getAttribute('data-initials')).toBe('ZQ');
  });
});
