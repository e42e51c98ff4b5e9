import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audioCachePath, pruneTier } from './audio-cache.js';
import { cutArgs, encoderArgs, ffmpegArgs, ffmpegFeatures, forFfmpeg, outputSampleRate } from './tiers.js';

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

describe('MP3 tiers (Subsonic format=mp3)', () => {
  const stereo = { sampleRate: 44_100, channels: 2 };

  it('encodes with LAME at the tier, 12 kbps as mono 22.05 kHz at that average', () => {
    expect(encoderArgs(96, stereo, 'mp3')).toEqual(['-c:a', 'libmp3lame', '-b:a', '96k']);
    expect(encoderArgs(12, stereo, 'mp3')).toEqual(['-c:a', 'libmp3lame', '-b:a', '12k', '-abr', '1', '-ac', '1', '-ar', '22050']);
    expect(encoderArgs(320, { sampleRate: 96_000, channels: 6 }, 'mp3')).toEqual(['-c:a', 'libmp3lame', '-b:a', '320k', '-ac', '2', '-ar', '48000']);
  });

  it('sends the same MP3 frames to the listeners and to the cache', () => {
    const args = ffmpegArgs('/music/a.flac', '/data/x.tmp', 160, stereo, { title: 'T', artist: null, album: null }, 'mp3');
    expect(args.at(-1)).toBe('[f=mp3]pipe\\:1|[f=mp3]file\\:/data/x.tmp');
  });

  it('cuts a cached tier by copying its packets from the offset', () => {
    expect(cutArgs('/cache/a/96-k.mp4', 'aac', 61.5)).toEqual(expect.arrayContaining(['-ss', '61.500', '-i', 'file:/cache/a/96-k.mp4', '-c', 'copy']));
    expect(cutArgs('/cache/a/96-k.mp4', 'aac', 61.5).slice(-5)).toEqual(['-movflags', 'empty_moov+default_base_moof', '-frag_duration', '1000000', 'pipe:1']);
    expect(cutArgs('/cache/a/96-k.mp3', 'mp3', 3).slice(-3)).toEqual(['-f', 'mp3', 'pipe:1']);
  });

  it('caches MP3 beside MP4, and a new encoding replaces only its own format', async () => {
    const root = await mkdtemp(join(tmpdir(), 'lyra-tiers-'));
    try {
      expect(audioCachePath(root, 't1', 96, 'abc', 'mp3')).toBe(join(root, 't1', '96-abc.mp3'));
      expect(audioCachePath(root, 't1', 96, 'abc')).toBe(join(root, 't1', '96-abc.mp4'));
      await mkdir(join(root, 't1'));
      for (const f of ['96-old.mp4', '96-old.mp3', '96-new.mp3', '160-old.mp3']) await writeFile(join(root, 't1', f), '');
      await pruneTier(join(root, 't1', '96-new.mp3'), Date.now());
      expect((await readdir(join(root, 't1'))).sort()).toEqual(['160-old.mp3', '96-new.mp3', '96-old.mp4']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
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
