// @vitest-environment jsdom
import type { HomeSongRow } from '@lyra/contracts/catalogue';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { CuratedSongRow } from './curated-song-row.js';

const row = (count: number, seeAll: string | null): HomeSongRow => ({
  id: 'most-searched',
  title: 'Most Searched',
  kind: 'songs',
  layout: 'row',
  limit: 10,
  query: null,
  seeAll,
  songs: Array.from({ length: count }, (_, i) => makeSong(i + 1)),
});

afterEach(cleanup);

describe('a curated Home row', () => {
  it("that stops at its 10 songs links 'See all' to its source's page", () => {
    renderApp(<CuratedSongRow row={row(10, '/library/songs?sort=plays')} />);
    expect(screen.getByRole('link', { name: 'See all: Most Searched' }).getAttribute('href')).toBe('/library/songs?sort=plays');
  });

  it("has no 'See all' when it shows every song there is, or its source has no page", () => {
    renderApp(<CuratedSongRow row={row(6, '/library/songs?sort=plays')} />);
    expect(screen.queryByRole('link', { name: 'See all: Most Searched' })).toBeNull();
    cleanup();
    renderApp(<CuratedSongRow row={row(10, null)} />);
    expect(screen.queryByRole('link', { name: 'See all: Most Searched' })).toBeNull();
  });
});
