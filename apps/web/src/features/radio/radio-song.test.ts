import { Song } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { radioSong, radioStreamPath } from './radio-song.js';

describe('a radio station in the player', () => {
  it('is a live song playing the relayed stream', () => {
    const song = radioSong({ id: 'ab12', name: 'Night Shift FM', homePageUrl: 'https://radio.example.org/', image: 'https://lyra.example.org/api/radio/ab12/cover/0a1b2c3d/500.jpg' }, '/api/');
    expect(Song.parse(song)).toEqual(song);
    expect(song).toMatchObject({ id: 'radio-ab12', name: 'Night Shift FM', duration: null, live: true });
    expect(song.downloadUrl).toEqual([{ quality: '320kbps', url: '/api/radio/ab12/stream' }]);
    expect(song.image).toEqual([{ quality: '500x500', url: 'https://lyra.example.org/api/radio/ab12/cover/0a1b2c3d/500.jpg' }]);
    expect(radioStreamPath('https://lyra.example.org/api', 'a b')).toBe('https://lyra.example.org/api/radio/a%20b/stream');
  });
});
