import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BITRATES_KBPS } from '@lyra/contracts/ids';
import { decodeErrors, probe } from './test/fixtures.js';
import { CASES, useAudioServer } from './test/audio-server.js';

/**
 * /media end to end over a real socket (the raw hot path), on both engines:
 * the tiers as AAC-LC, first-listener streaming, the ceiling of a low-bitrate
 * source, sharing one transcode, and what starts ffmpeg and what does not.
 */
describe.each(CASES)('media audio ($engine, $label)', (c) => {
  const { state, get, spawns, cachedFile } = useAudioServer(c);
  let { t } = state;
  beforeAll(() => void ({ t } = state));

  // Tiers: the first request streams the transcode; the streamed bytes and the
  // cached file both decode as AAC-LC at the tier's bitrate (lossless source, so no cap).
  it.each(BITRATES_KBPS)('makes the %i kbps tier as AAC-LC in MP4 at that bitrate', async (kbps) => {
    const first = await get(`/media/lossless1/${kbps}.mp4`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mp4');
    expect(first.headers['x-audio-bitrate']).toBe(String(kbps));
    expect(first.headers['cache-control']).toBe('no-store');
    const streamed = join(t.dataDir, `streamed-${kbps}.mp4`);
    await writeFile(streamed, first.body);
    const live = await probe(streamed);
    expect(live.codec).toBe('aac');
    expect(live.profile).toBe('LC');
    expect(live.durationS).toBeGreaterThan(19.5);
    expect(live.durationS).toBeLessThan(20.5);
    expect(await decodeErrors(streamed)).toBe('');

    const again = await get(`/media/lossless1/${kbps}.mp4`);
    expect(again.status).toBe(200);
    expect(again.headers['content-length']).toBe(String(again.body.length));
    expect(again.headers['accept-ranges']).toBe('bytes');
    expect(again.body.equals(await cachedFile('lossless1', kbps))).toBe(true);
    const cachedPath = join(t.dataDir, `cached-${kbps}.mp4`);
    await writeFile(cachedPath, again.body);
    const cached = await probe(cachedPath);
    expect(cached.profile).toBe('LC');
    expect(cached.kbps).toBeGreaterThan(kbps * 0.75);
    expect(cached.kbps).toBeLessThan(kbps * 1.25);
    expect(cached.tags.title).toBe('Battle Epic');
    if (kbps === 12) {
      // The ultra-low tier is mono at 22.05 kHz: stereo AAC-LC cannot get down to 12 kbps.
      expect(cached.channels).toBe(1);
      expect(cached.sampleRate).toBe(22050);
    } else {
      expect(cached.channels).toBe(2);
    }
  });

  it('serves a low-bitrate source at its ceiling tier and says so', async () => {
    const r = await get('/media/low64/320.mp4');
    expect(r.status).toBe(200);
    expect(r.headers['x-audio-bitrate']).toBe('96');
    expect(r.headers['x-audio-bitrate-requested']).toBe('320');
    const cached = await get('/media/low64/160.mp4');
    expect(cached.headers['x-audio-bitrate']).toBe('96');
    const file = join(t.dataDir, 'low-capped.mp4');
    await writeFile(file, cached.body);
    const p = await probe(file);
    expect(p.kbps).toBeGreaterThan(96 * 0.75);
    expect(p.kbps).toBeLessThan(96 * 1.25);
    // Below the ceiling the requested tier is made as asked.
    const low = await get('/media/low64/48.mp4');
    expect(low.headers['x-audio-bitrate']).toBe('48');
    expect((await readdir(join(t.dataDir, 'cache/audio/low64'))).filter((f) => f.endsWith('.mp4')).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^48-/), expect.stringMatching(/^96-/)]),
    );
    expect((await readdir(join(t.dataDir, 'cache/audio/low64'))).some((f) => /^(160|320)-/.test(f))).toBe(false);
  });

  it('shares one transcode between listeners who arrive together', async () => {
    const before = await spawns();
    const replies = await Promise.all([1, 2, 3, 4].map(() => get('/media/shared1/96.mp4')));
    expect(await spawns()).toBe(before + 1);
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.equals(replies[0]!.body)).toBe(true);
    }
    // Later plays are file reads: no new ffmpeg.
    await get('/media/shared1/96.mp4');
    expect(await spawns()).toBe(before + 1);
  });

  it('answers 422 for a source ffmpeg cannot decode, without retrying at once', async () => {
    const r = await get('/media/broken1/48.mp4');
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body.toString())).toEqual({ success: false, message: 'song could not be transcoded' });
    const before = await spawns();
    expect((await get('/media/broken1/48.mp4')).status).toBe(422);
    expect(await spawns()).toBe(before);
    expect((await readdir(join(t.dataDir, 'cache/audio/broken1'))).filter((f) => f.endsWith('.mp4'))).toEqual([]);
  });

  it('answers HEAD on an uncached tier without starting a transcode', async () => {
    const before = await spawns();
    const r = await get('/media/shared1/320.mp4', {}, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('audio/mp4');
    expect(r.headers['x-audio-bitrate']).toBe('320');
    expect(await spawns()).toBe(before);
  });
});
