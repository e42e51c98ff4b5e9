import type { Song } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { songWithRoomKey, withRoomKey } from './room-key-urls.js';

const KEY = `${'a'.repeat(16)}.${'b'.repeat(64)}`;

describe("an anonymous guest's room key on catalogue addresses", () => {
  it('joins the query with ? or &, and leaves an address alone without a key', () => {
    expect(withRoomKey('/songs?ids=s1,s2', KEY)).toBe(`/songs?ids=s1,s2&roomKey=${KEY}`);
    expect(withRoomKey('https://music.example.org/media/s1/160.mp4', KEY)).toBe(`https://music.example.org/media/s1/160.mp4?roomKey=${KEY}`);
    expect(withRoomKey('/songs?ids=s1', null)).toBe('/songs?ids=s1');
  });

  it("puts the key on each of a song's audio addresses, and nothing else of it", () => {
    const song = { id: 's1', name: 'Tone', downloadUrl: [{ quality: '160kbps', url: 'https://m.example/media/s1/160.mp4' }], image: [{ quality: '150x150', url: 'https://m.example/images/s1/150.jpg' }] } as unknown as Song;
    const keyed = songWithRoomKey(song, KEY);
    expect(keyed.downloadUrl).toEqual([{ quality: '160kbps', url: `https://m.example/media/s1/160.mp4?roomKey=${KEY}` }]);
    expect(keyed.image).toBe(song.image);
    expect(songWithRoomKey(song, null)).toBe(song);
  });
});
