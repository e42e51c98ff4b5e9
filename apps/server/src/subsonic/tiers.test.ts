import { describe, expect, it } from 'vitest';
import { coverSideFor, estimatedBytes, exactLength, formatFor, playsAsIs, sendsOriginal, tierFor } from './tiers.js';

describe('subsonic maxBitRate and size mapping', () => {
  it('maps maxBitRate to the best tier at or under it', () => {
    expect(tierFor(null)).toBe(320);
    expect(tierFor(0)).toBe(320);
    expect(tierFor(1000)).toBe(320);
    expect(tierFor(320)).toBe(320);
    expect(tierFor(256)).toBe(160);
    expect(tierFor(128)).toBe(96);
    expect(tierFor(96)).toBe(96);
    expect(tierFor(64)).toBe(48);
    expect(tierFor(32)).toBe(12);
    expect(tierFor(8)).toBe(12);
    expect(tierFor(-5)).toBe(320);
  });

  it('asks for the cover size the client gave, at most 1200 px (the largest when absent)', () => {
    expect(coverSideFor(null)).toBe(1200);
    expect(coverSideFor(0)).toBe(1200);
    expect(coverSideFor(1)).toBe(1);
    expect(coverSideFor(64)).toBe(64);
    expect(coverSideFor(300)).toBe(300);
    expect(coverSideFor(1200)).toBe(1200);
    expect(coverSideFor(4000)).toBe(1200);
  });

  it('reads format as raw, mp3 or the AAC tiers', () => {
    expect(formatFor(null)).toBe('aac');
    expect(formatFor('raw')).toBe('raw');
    expect(formatFor('mp3')).toBe('mp3');
    expect(formatFor('MP3')).toBe('mp3');
    expect(formatFor('aac')).toBe('aac');
    expect(formatFor('opus')).toBe('aac');
  });

  it('estimates a little over what a tier takes', () => {
    // Sizes ffmpeg made from a minute of pink noise and a tone, streamed as the tiers are.
    expect(estimatedBytes(60, 12, 'aac')).toBeGreaterThan(104_676);
    expect(estimatedBytes(60, 160, 'aac')).toBeGreaterThan(1_220_391);
    expect(estimatedBytes(60, 320, 'mp3')).toBeGreaterThan(2_401_220);
    expect(estimatedBytes(60, 96, 'mp3')).toBeGreaterThan(720_398);
    expect(estimatedBytes(60, 96, 'mp3')).toBeLessThan(720_398 * 1.03);
  });

  describe('a body made as long as its estimated Content-Length', () => {
    const source = (...chunks: number[][]) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const chunk of chunks) c.enqueue(new Uint8Array(chunk));
          c.close();
        },
      });
    const bytes = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());

    it('cuts what the encoder made past the estimate', async () => {
      expect([...(await bytes(exactLength(source([1, 2, 3], [4, 5, 6]), 4, 'aac')))]).toEqual([1, 2, 3, 4]);
    });

    it('pads MP4 with a free box and MP3 with an ID3 tag, both as long as what is missing', async () => {
      const mp4 = await bytes(exactLength(source([1, 2], [3]), 3 + 200_000, 'aac'));
      expect(mp4.length).toBe(200_003);
      expect(new DataView(mp4.buffer).getUint32(3)).toBe(200_000);
      expect(Buffer.from(mp4.subarray(7, 11)).toString()).toBe('free');
      const mp3 = await bytes(exactLength(source([9]), 1 + 10 + 300, 'mp3'));
      expect(mp3.length).toBe(311);
      expect([...mp3.subarray(0, 11)]).toEqual([9, 0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 2, 44]);
      expect(mp3.subarray(11).every((b) => b === 0)).toBe(true);
    });

    it('pads with zeros where a box or tag does not fit, and passes errors on', async () => {
      expect([...(await bytes(exactLength(source([1]), 4, 'aac')))]).toEqual([1, 0, 0, 0]);
      const failing = new ReadableStream<Uint8Array>({
        pull(c) {
          c.error(new Error('ffmpeg exited with 1'));
        },
      });
      await expect(bytes(exactLength(failing, 10, 'mp3'))).rejects.toThrow('ffmpeg exited with 1');
    });
  });
});

describe('what stream sends without a format', () => {
  it('plays as it is: MP3, AAC, FLAC, Vorbis, Opus and WAV; not ALAC, WMA, APE or an unknown codec', () => {
    expect([playsAsIs('mp3', 'mp3'), playsAsIs('aac', 'm4a'), playsAsIs('flac', 'flac'), playsAsIs('vorbis', 'ogg'), playsAsIs('opus', 'opus'), playsAsIs('pcm', 'wav')]).toEqual([true, true, true, true, true, true]);
    expect([playsAsIs('alac', 'm4a'), playsAsIs('wmav2', 'wma'), playsAsIs('ape', 'ape'), playsAsIs(null, 'mp3'), playsAsIs('pcm', 'aiff')]).toEqual([false, false, false, false, false]);
  });

  it('sends the original when no other format and no lower bitrate is asked for', () => {
    const flac = { suffix: 'flac', codec: 'flac', bitrate_kbps: 900 };
    expect(sendsOriginal(flac, null, null)).toBe(true);
    expect(sendsOriginal(flac, '', 0)).toBe(true);
    expect(sendsOriginal(flac, 'FLAC', 900)).toBe(true);
    expect(sendsOriginal(flac, null, 320)).toBe(false);
    expect(sendsOriginal(flac, 'mp3', null)).toBe(false);
    expect(sendsOriginal({ suffix: 'mp3', codec: 'mp3', bitrate_kbps: null }, null, 320)).toBe(false);
    expect(sendsOriginal({ suffix: 'm4a', codec: 'alac', bitrate_kbps: 700 }, null, null)).toBe(false);
  });
});
