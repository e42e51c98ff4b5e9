import { describe, expect, it, vi } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { SHARE_MESSAGES, shareSong, shareUrl } from './share-song.js';

const song = makeSong('abc123', { name: 'Paper &amp; Lanterns' });
const origin = 'https://lyra.example';

describe('sharing a song (SPEC#errors-share)', () => {
  it('uses the share sheet: "Song shared successfully!"', async () => {
    const share = vi.fn(async () => {});
    expect(await shareSong(song, { origin, share, copy: vi.fn() })).toBe('shared');
    expect(share).toHaveBeenCalledWith({
      title: 'Paper & Lanterns',
      text: 'Paper & Lanterns by An Artist With A Long Name',
      url: 'https://lyra.example/player/abc123?share=true',
    });
    expect(SHARE_MESSAGES.shared).toBe('Song shared successfully!');
  });

  it('says nothing when the listener cancels the sheet', async () => {
    const copy = vi.fn(async () => true);
    const share = vi.fn(async () => {
      throw new DOMException('cancelled', 'AbortError');
    });
    expect(await shareSong(song, { origin, share, copy })).toBe('cancelled');
    expect(copy).not.toHaveBeenCalled();
    expect(SHARE_MESSAGES.cancelled).toBeUndefined();
  });

  it('copies the link when the sheet fails otherwise: "Link copied to clipboard"', async () => {
    const copy = vi.fn(async () => true);
    const share = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    expect(await shareSong(song, { origin, share, copy })).toBe('link-copied');
    expect(copy).toHaveBeenCalledWith('https://lyra.example/player/abc123?share=true');
    expect(SHARE_MESSAGES['link-copied']).toBe('Link copied to clipboard');
  });

  it('copies the song details without a share sheet: "Song details copied to clipboard"', async () => {
    const copy = vi.fn(async () => true);
    expect(await shareSong(song, { origin, copy })).toBe('details-copied');
    expect(copy).toHaveBeenCalledWith('Paper & Lanterns by An Artist With A Long Name\nhttps://lyra.example/player/abc123?share=true');
    expect(SHARE_MESSAGES['details-copied']).toBe('Song details copied to clipboard');
  });

  it('reports a failed copy', async () => {
    expect(await shareSong(song, { origin, copy: async () => false })).toBe('failed');
  });

  it('escapes ids in the link', () => {
    expect(shareUrl(origin, 'a/b c')).toBe('https://lyra.example/player/a%2Fb%20c?share=true');
  });
});
