import { describe, expect, it } from 'vitest';
import { encoderArgs, ffmpegArgs, ffmpegFeatures, forFfmpeg, outputSampleRate } from './tiers.js';

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

describe('outputSampleRate', () => {
  it('is the rate the tier is written at: the source’s up to 48 kHz, 22.05 kHz at 12 kbps', () => {
    expect(outputSampleRate(320, { sampleRate: 44_100, channels: 2 })).toBe(44_100);
    expect(outputSampleRate(160, { sampleRate: 96_000, channels: 2 })).toBe(48_000);
    expect(outputSampleRate(12, { sampleRate: 44_100, channels: 2 })).toBe(22_050);
    expect(outputSampleRate(96, { sampleRate: null, channels: null })).toBe(48_000);
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
      "[f=mp4:movflags=delay_moov+default_base_moof:frag_duration=1000000:movie_timescale=44100]pipe\\:1|" +
        "[f=mp4:movflags=+faststart:movie_timescale=44100]file\\:/data/it\\'s \\[x\\]\\|y.tmp",
    );
  });
});

describe('forFfmpeg', () => {
  const args = ffmpegArgs('/m/a.flac', '/d/a.tmp', 96, { sampleRate: 48_000, channels: 2 }, { title: 'T', artist: null, album: null });
  it('keeps every option for an ffmpeg that has them', () => {
    expect(forFfmpeg(args, { movieTimescale: true })).toEqual(args);
  });
  it('leaves the movie timescale out for an ffmpeg without it (the npm-shipped 2018 build)', () => {
    expect(forFfmpeg(args, { movieTimescale: false }).at(-1)).toBe(
      '[f=mp4:movflags=delay_moov+default_base_moof:frag_duration=1000000]pipe\\:1|[f=mp4:movflags=+faststart]file\\:/d/a.tmp',
    );
  });
  it('reads the features from the mp4 muxer help', () => {
    expect(ffmpegFeatures('  -movie_timescale   <int>  E.......... set movie timescale')).toEqual({ movieTimescale: true });
    expect(ffmpegFeatures('  -use_editlist <boolean>')).toEqual({ movieTimescale: false });
  });
});
