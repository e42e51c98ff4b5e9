import { describe, expect, it } from 'vitest';
import { ownPlaylistsMatching } from './own-playlists.js';

describe("Search's All view: the listener's own playlists that match", () => {
  const lists = [{ name: 'Road trip' }, { name: 'Café Mornings' }, { name: 'Trip-hop nights' }, { name: 'Focus' }];

  it('keeps names holding every word, case and accents aside, those starting with the query first', () => {
    expect(ownPlaylistsMatching(lists, 'trip').map((p) => p.name)).toEqual(['Trip-hop nights', 'Road trip']);
    expect(ownPlaylistsMatching(lists, 'cafe morn').map((p) => p.name)).toEqual(['Café Mornings']);
    expect(ownPlaylistsMatching(lists, 'ROAD  TRIP').map((p) => p.name)).toEqual(['Road trip']);
  });

  it('finds nothing for a blank query or a word no name holds', () => {
    expect(ownPlaylistsMatching(lists, '   ')).toEqual([]);
    expect(ownPlaylistsMatching(lists, 'jazz')).toEqual([]);
  });
});
