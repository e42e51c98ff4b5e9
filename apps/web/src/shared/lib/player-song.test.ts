import { Song } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { playerSong } from './player-song.js';

describe('a song the player queues from outside the catalogue', () => {
  it('is a catalogue Song with its title, artist, album, cover and audio', () => {
    const song = playerSong({ id: 's1', name: 'Blue', audioUrl: '/media/s1?share=x', duration: 201, imageUrl: '/images/s1?share=x', album: 'Sky', artist: 'Ada' });
    expect(Song.parse(song)).toEqual(song);
    expect(song).toMatchObject({ id: 's1', name: 'Blue', duration: 201, album: { name: 'Sky' } });
    expect(song.artists.primary.map((a) => a.name)).toEqual(['Ada']);
    expect(song.image).toEqual([{ quality: '500x500', url: '/images/s1?share=x' }]);
    expect(song.downloadUrl).toEqual([{ quality: '320kbps', url: '/media/s1?share=x' }]);
    expect(song.live).toBeUndefined();
  });

  it('leaves out what it was not given: no artist, album or cover; live only when said', () => {
    const song = playerSong({ id: 'r1', name: 'Night FM', audioUrl: '/api/radio/r1/stream', duration: null, album: '', artist: '', live: true });
    expect(Song.parse(song)).toEqual(song);
    expect(song).toMatchObject({ duration: null, album: { id: null, name: null, url: null }, artists: { primary: [], featured: [], all: [] }, image: [], live: true });
  });
});
