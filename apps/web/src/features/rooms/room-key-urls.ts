import type { Song } from '@lyra/contracts/catalogue';

/**
 * An anonymous guest's room key on a catalogue address (`roomKey=`): on a private server the gate lets it
 * through for the details and the audio of the songs in the guest's room (an audio element cannot send
 * the X-Lyra-Room-Key header). Without a key (a signed-in member), the address as it was.
 */
export function withRoomKey(address: string, key: string | null): string {
  if (!key) return address;
  return `${address}${address.includes('?') ? '&' : '?'}roomKey=${encodeURIComponent(key)}`;
}

/** The song with its audio addresses carrying the guest's room key. */
export function songWithRoomKey(song: Song, key: string | null): Song {
  if (!key) return song;
  return { ...song, downloadUrl: song.downloadUrl.map((d) => ({ ...d, url: withRoomKey(d.url, key) })) };
}
