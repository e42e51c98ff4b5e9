import { describe, expect, it } from 'vitest';
import { encoderArgs, ffmpegArgs } from './tiers.js';

describe('encoderArgs', () => {
  const stereo = { sampleRate: 44_100, channels: 2 };

  it('makes 12 kbps mono at 22.05 kHz and leaves ordinary sources alone above it', () => {
    expect(encoderArgs(12, stereo)).toEqual(['-c:a', 'aac', '-b:a', '12k', '-ac', '1', '-ar', '22050']);
    expect(encoderArgs(96, stereo)).toEqual(['-c:a', 'aac', '-b:a', '96k']);
    expect(encoderArgs(320, stereo)).toEqual(['-c:a', 'aac', '-b:a', '320k', '-aac_coder', 'fast']);
  });

  it('brings surround and high sample rates down to 48 kHz stereo', () => {
    expect(encoderArgs(160, { sampleRate: 96_000, channels: 6 })).toEqual(['-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-ar', '48000']);
    expect(encoderArgs(160, { sampleRate: null, channels: null })).toEqual(['-c:a', 'aac', '-b:a', '160k']);
  });
});

describe('ffmpegArgs', () => {
  it('reads only the given file and escapes the cache path for the tee muxer', () => {
    const args = ffmpegArgs('/music/a:b.flac', "/data/it's [x]|y.tmp", 48, { sampleRate: 44_100, channels: 2 }, {
      title: 'T',
      artist: null,
      album: 'Al',
    });
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual(['-i', 'file:/music/a:b.flac']);
    expect(args).toContain('file,pipe');
    expect(args).toEqual(expect.arrayContaining(['-metadata', 'title=T', 'album=Al']));
    expect(args.join(' ')).not.toContain('artist=');
    expect(args.at(-1)).toBe(
      "[f=mp4:movflags=empty_moov+default_base_moof:frag_duration=1000000]pipe\\:1|[f=mp4:movflags=+faststart]file\\:/data/it\\'s \\[x\\]\\|y.tmp",
    );
  });
});
