import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeErrors, probe } from '../catalogue/media/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { EMAIL, query } from './test/harness.js';
import { useLibraryApi } from './test/library-api.js';

/**
 * What third-party Subsonic apps ran into with `stream` and `getCoverArt`:
 * `timeOffset` on a cached tier, cover sizes other than 50/150/500,
 * `format=mp3`, and `estimateContentLength` on a first transcode.
 * The fixture songs are 8 s long; Harbour Lights' cover is 320 x 320 px.
 */
describe.each(ENGINES)('subsonic media for third-party apps (%s)', (engine) => {
  const { state } = useLibraryApi(engine);
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'lyra-subsonic-clients-'));
  });
  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  const run = promisify(execFile);
  /** When the first audio packet plays: 0 for a stream whose times start at the offset. */
  const startTime = async (file: string) =>
    Number((await run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=start_time', '-of', 'csv=p=0', file])).stdout.trim());
  const songId = (i: number) => String(state.harbourSongs[i]!.id);
  const durationOf = (i: number) => Number(state.harbourSongs[i]!.duration);
  let n = 0;
  /**
   * ffprobe of a body; decoding errors fail the test, except ffmpeg's note on the padding of an
   * estimated MP3 (an ID3 tag after the last frame, which it reads as a frame without a header).
   */
  const probed = async (bytes: ArrayBuffer, ext: string, padded = false) => {
    const file = join(tmp, `out-${n++}.${ext}`);
    await writeFile(file, Buffer.from(bytes));
    const errors = await decodeErrors(file);
    if (padded) expect(errors.replace(/.*Header missing\n|.*Invalid data found when processing input\n/g, '')).toBe('');
    else expect(errors).toBe('');
    return probe(file);
  };
  const cacheFiles = async (id: string) => readdir(join(state.h.t.dataDir, 'cache/audio', id)).catch(() => [] as string[]);
  /** Waits until the tier's transcode is in the cache (it is renamed there once ffmpeg has finished). */
  const cachedTier = (id: string, kbps: number, ext: string) =>
    expect.poll(async () => (await cacheFiles(id)).filter((f) => f.startsWith(`${kbps}-`) && f.endsWith(`.${ext}`)).length, { timeout: 20_000 }).toBe(1);

  it('stream with timeOffset starts at the offset on a cached tier, its times counted from 0', async () => {
    const { api } = state;
    const id = songId(2);
    const first = await api.raw('stream', { id, maxBitRate: '160' });
    expect(first.headers.get('content-length')).toBeNull();
    await first.arrayBuffer();
    await cachedTier(id, 160, 'mp4');
    const whole = await api.raw('stream', { id, maxBitRate: '160' });
    expect(whole.headers.get('content-length')).not.toBeNull();
    await whole.arrayBuffer();

    const later = await api.raw('stream', { id, maxBitRate: '160', timeOffset: '5' });
    expect(later.status).toBe(200);
    expect(later.headers.get('content-type')).toBe('audio/mp4');
    expect(later.headers.get('x-audio-bitrate')).toBe('160');
    const cutFile = join(tmp, `cut-${n++}.mp4`);
    await writeFile(cutFile, Buffer.from(await later.arrayBuffer()));
    expect(await decodeErrors(cutFile)).toBe('');
    const cut = await probe(cutFile);
    expect(cut.codec).toBe('aac');
    expect(await startTime(cutFile)).toBeLessThan(0.1);
    expect(Math.abs(cut.durationS - (durationOf(2) - 5))).toBeLessThanOrEqual(2);

    // A tier not cached yet starts there too, with the same times.
    expect((await cacheFiles(id)).some((f) => f.startsWith('48-'))).toBe(false);
    const fresh = await api.raw('stream', { id, maxBitRate: '48', timeOffset: '5' });
    const encoded = join(tmp, `fresh-${n++}.mp4`);
    await writeFile(encoded, Buffer.from(await fresh.arrayBuffer()));
    expect(Math.abs((await probe(encoded)).durationS - (durationOf(2) - 5))).toBeLessThanOrEqual(2);
    expect(await startTime(encoded)).toBeLessThan(0.1);
  });

  it('getCoverArt scales to the size asked, caches each size, and never goes past the original', async () => {
    const { api } = state;
    const cover = String(state.harbourSongs[0]!.coverArt);
    const side = async (params: Record<string, string>) => {
      const r = await api.raw('getCoverArt', { id: cover, ...params });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      expect(meta.width).toBe(meta.height);
      return meta.width;
    };
    const dir = join(state.h.t.dataDir, 'cache/images', cover);
    expect(await side({ size: '300' })).toBe(300);
    expect(await readdir(dir)).toContain('300.jpg');
    expect(await side({ size: '300' })).toBe(300);
    expect(await side({ size: '64' })).toBe(64);
    // The original is 320 px: larger asks get it at 320, none larger.
    expect(await side({ size: '1000' })).toBe(320);
    expect(await side({ size: '4000' })).toBe(320);
    expect(await side({})).toBe(320);
    expect((await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort()).toEqual(['300.jpg', '320.jpg', '64.jpg']);

    // An app walking through sizes gets each one, while the disk keeps at most 8 besides the web's.
    for (let s = 100; s <= 210; s += 10) expect(await side({ size: String(s) })).toBe(s);
    const kept = (await readdir(dir)).filter((f) => /^\d+\.jpg$/.test(f) && !['50.jpg', '150.jpg', '500.jpg'].includes(f));
    expect(kept.length).toBe(8);
    // The web's addresses keep their three sizes.
    expect((await state.h.t.app.request(`/images/${cover}/300.jpg`)).status).toBe(400);
    expect((await state.h.t.app.request(`/media/${songId(0)}/96.mp3`)).status).toBe(404);
  });

  it('format=mp3 sends MP3 (audio/mpeg), cached like the AAC tiers', async () => {
    const { api } = state;
    const id = songId(1);
    const head = await api.raw('stream', { id, format: 'mp3', maxBitRate: '96' }, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    const first = await api.raw('stream', { id, format: 'mp3', maxBitRate: '96' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    expect(first.headers.get('x-audio-bitrate')).toBe('96');
    const live = await probed(await first.arrayBuffer(), 'mp3');
    expect(live.formatName).toBe('mp3');
    expect(live.codec).toBe('mp3');
    expect(Math.abs(live.durationS - durationOf(1))).toBeLessThanOrEqual(0.5);
    await cachedTier(id, 96, 'mp3');

    const again = await api.raw('stream', { id, format: 'mp3', maxBitRate: '96' });
    expect(again.headers.get('content-type')).toBe('audio/mpeg');
    expect(again.headers.get('accept-ranges')).toBe('bytes');
    const cached = await probed(await again.arrayBuffer(), 'mp3');
    expect(cached.codec).toBe('mp3');
    expect(Math.round(cached.kbps / 8) * 8).toBe(96);
    // And from an offset on that cached MP3.
    const later = await api.raw('stream', { id, format: 'mp3', maxBitRate: '96', timeOffset: '3' });
    expect(later.headers.get('content-type')).toBe('audio/mpeg');
    expect(Math.abs((await probed(await later.arrayBuffer(), 'mp3')).durationS - (durationOf(1) - 3))).toBeLessThanOrEqual(2);

    // The AAC tiers say what they are.
    const aac = await api.raw('stream', { id, maxBitRate: '48' });
    expect(aac.headers.get('content-type')).toBe('audio/mp4');
    await aac.arrayBuffer();
  });

  it('estimateContentLength=true gives a first transcode a Content-Length equal to the bytes sent', async () => {
    const { h } = state;
    const server = h.t.app.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const url = (params: Record<string, string>) =>
        `http://127.0.0.1:${port}/rest/stream.view?${query({ u: EMAIL, p: h.creds.password, c: 'test', v: '1.16.1', estimateContentLength: 'true', ...params })}`;
      const cases: [Record<string, string>, string][] = [
        [{ id: songId(0), maxBitRate: '12' }, 'mp4'],
        [{ id: songId(0), maxBitRate: '320', format: 'mp3' }, 'mp3'],
        [{ id: songId(2), maxBitRate: '96', timeOffset: '2' }, 'mp4'],
      ];
      for (const [params, ext] of cases) {
        const r = await fetch(url(params));
        expect(r.status).toBe(200);
        const length = r.headers.get('content-length');
        expect(length, JSON.stringify(params)).not.toBeNull();
        const body = await r.arrayBuffer();
        expect(body.byteLength).toBe(Number(length));
        const sent = await probed(body, ext, ext === 'mp3');
        expect(sent.codec).toBe(ext === 'mp3' ? 'mp3' : 'aac');
        expect(Math.abs(sent.durationS - (durationOf(params.id === songId(0) ? 0 : 2) - Number(params.timeOffset ?? 0)))).toBeLessThanOrEqual(0.5);
      }
      // A cached tier has its real length.
      await cachedTier(songId(0), 12, 'mp4');
      const cached = await fetch(url({ id: songId(0), maxBitRate: '12' }));
      const body = await cached.arrayBuffer();
      expect(cached.headers.get('content-length')).toBe(String(body.byteLength));
      expect(cached.headers.get('accept-ranges')).toBe('bytes');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
