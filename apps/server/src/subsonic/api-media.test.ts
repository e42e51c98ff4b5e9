import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { client, EMAIL, query } from './test/harness.js';
import { obj, useLibraryApi, type Obj } from './test/library-api.js';

/** Subsonic API, the binary methods: stream (transcoded or raw), download with Range, getCoverArt, over the real server too. */
const run = promisify(execFile);

describe.each(ENGINES)('subsonic API (%s)', (engine) => {
  const { state } = useLibraryApi(engine);
  let { h, api, harbour, harbourSongs } = state;
  let tmp: string;
  beforeAll(async () => {
    ({ h, api, harbour, harbourSongs } = state);
    tmp = await mkdtemp(join(tmpdir(), 'lyra-subsonic-out-'));
  });
  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  describe('media', () => {
    const probe = async (bytes: Buffer, name: string) => {
      const file = join(tmp, name);
      await writeFile(file, bytes);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file]);
      return JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
    };
    const errorOf = async (r: Response) => obj(((await r.json()) as Obj)['subsonic-response']).error;

    it('stream sends AAC audio at the tier maxBitRate or format asks for, from timeOffset', async () => {
      const id = String(harbourSongs[2]!.id);
      const full = await api.raw('stream', { id, format: 'aac' });
      expect(full.status).toBe(200);
      expect(full.headers.get('x-audio-bitrate')).toBe('320');
      const whole = await probe(Buffer.from(await full.arrayBuffer()), 'full.mp4');
      expect(whole.streams[0]!.codec_name).toBe('aac');
      expect(full.headers.get('content-type')).toBe('audio/mp4');
      expect(Number(whole.format.duration)).toBeGreaterThan(7);
      const low = await api.raw('stream', { id, maxBitRate: '64' });
      expect(low.headers.get('x-audio-bitrate')).toBe('48');
      expect((await probe(Buffer.from(await low.arrayBuffer()), 'low.mp4')).streams[0]!.codec_name).toBe('aac');
      const later = await api.raw('stream', { id, maxBitRate: '96', timeOffset: '3' });
      expect(later.status).toBe(200);
      expect((await probe(Buffer.from(await later.arrayBuffer()), 'later.mp4')).streams[0]!.codec_name).toBe('aac');
      expect(await errorOf(await api.raw('stream', { id, timeOffset: '-4', f: 'json' }))).toMatchObject({ code: 0 });
    });

    it('stream format=raw and download send the original file, with Range', async () => {
      const original = await readFile(join(h.t.config.MUSIC_DIR, FIXTURE.paperLanterns));
      const id = String(harbourSongs[0]!.id);
      const dl = await api.raw('download', { id });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-type')).toBe('audio/mpeg');
      expect(dl.headers.get('content-disposition')).toContain('attachment');
      expect(Buffer.from(await dl.arrayBuffer()).equals(original)).toBe(true);
      const part = await api.raw('download', { id }, { headers: { range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${original.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(10, 20))).toBe(true);
      const raw = await api.raw('stream', { id, format: 'raw' });
      expect(Buffer.from(await raw.arrayBuffer()).equals(original)).toBe(true);
      expect((await probe(original, 'orig.mp3')).streams[0]!.codec_name).toBe('mp3');
    });

    it('stream without a format sends a file that plays as it is (MP3, AAC, FLAC, Vorbis, Opus, WAV), with Range, and says so', async () => {
      const reprise = harbourSongs[2]!;
      const original = await readFile(join(h.t.config.MUSIC_DIR, FIXTURE.reprise));
      const whole = await api.raw('stream', { id: String(reprise.id) });
      expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges'), whole.headers.get('content-length')]).toEqual([200, 'audio/flac', 'bytes', String(original.length)]);
      expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);
      // The song entry says no transcoding happens: no transcodedSuffix nor transcodedContentType.
      expect([reprise.suffix, reprise.transcodedSuffix, reprise.transcodedContentType]).toEqual(['flac', undefined, undefined]);
      // Range anywhere in it, at once (a browser's seek during the song's first play).
      const end = original.length - 1;
      const part = await api.raw('stream', { id: String(reprise.id) }, { headers: { range: `bytes=${end - 999}-` } });
      expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes ${end - 999}-${end}/${original.length}`]);
      expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(end - 999))).toBe(true);
      // A maxBitRate at or over the file's, or its own suffix as the format, still sends it; under it, a tier.
      const kbps = Number(reprise.bitRate);
      expect((await api.raw('stream', { id: String(reprise.id), maxBitRate: String(kbps + 1), format: 'flac' })).headers.get('content-type')).toBe('audio/flac');
      const lower = await api.raw('stream', { id: String(reprise.id), maxBitRate: '128' });
      expect(lower.headers.get('content-type')).toBe('audio/mp4');
      expect(Number(lower.headers.get('x-audio-bitrate'))).toBeLessThanOrEqual(128);
      await lower.body?.cancel();
      // An offset starts a tier there (the file itself cannot start anywhere).
      const later = await api.raw('stream', { id: String(reprise.id), timeOffset: '2' });
      expect(later.headers.get('content-type')).toBe('audio/mp4');
      await later.body?.cancel();
    });

    it('answers a Range request during a first transcode with the whole stream from its start, saying it takes no ranges', async () => {
      const id = String(harbourSongs[0]!.id);
      const first = await api.raw('stream', { id, format: 'aac', maxBitRate: '160' }, { headers: { range: 'bytes=4096-' } });
      expect([first.status, first.headers.get('accept-ranges'), first.headers.get('content-range'), first.headers.get('content-type')]).toEqual([200, 'none', null, 'audio/mp4']);
      const bytes = Buffer.from(await first.arrayBuffer());
      // An MP4 from its first box, which decodes to the whole song.
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(Number((await probe(bytes, 'first-range.mp4')).format.duration)).toBeGreaterThan(Number(harbourSongs[0]!.duration) - 1);
      // The same song asked for as it is: its file, the range at once.
      const original = await readFile(join(h.t.config.MUSIC_DIR, FIXTURE.paperLanterns));
      const part = await api.raw('stream', { id }, { headers: { range: 'bytes=4096-' } });
      expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 4096-${original.length - 1}/${original.length}`]);
      expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(4096))).toBe(true);
    });

    it('getCoverArt sends the cover it named at the size asked, as an image, never larger than the original', async () => {
      const cover = String(harbourSongs[0]!.coverArt);
      // The cover is 320 x 320 px: without a size, or larger, that is what comes.
      for (const [size, px] of [['100', 100], ['40', 40], ['', 320], ['1200', 320]] as const) {
        const r = await api.raw('getCoverArt', { id: cover, ...(size ? { size } : {}) });
        expect(r.status, size).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/jpeg');
        const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([px, px]);
      }
      const byAlbum = await api.raw('getCoverArt', { id: String(harbour.id), size: '50' });
      expect((await sharp(Buffer.from(await byAlbum.arrayBuffer())).metadata()).width).toBe(50);
      expect(await errorOf(await api.raw('getCoverArt', { id: '0123456789abcdef0123456789abcdef', f: 'json' }))).toMatchObject({ code: 70 });
    });

    it('streams through the real HTTP server too (HEAD and GET)', async () => {
      const server = h.t.app.createServer().listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      try {
        const { port } = server.address() as AddressInfo;
        const url = `http://127.0.0.1:${port}/rest/stream.view?${query({ u: EMAIL, p: h.creds.password, id: String(harbourSongs[1]!.id), maxBitRate: '128', format: 'aac' })}`;
        const r = await fetch(url);
        expect(r.status).toBe(200);
        expect(r.headers.get('x-audio-bitrate')).toBe('96');
        expect((await probe(Buffer.from(await r.arrayBuffer()), 'http.mp4')).streams[0]!.codec_name).toBe('aac');
        const head = await fetch(url, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-type')).toContain('audio/mp4');
      } finally {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    });

    it('binary methods still check credentials', async () => {
      const anon = client(h.t, { u: EMAIL, p: 'wrong' });
      const r = await anon.raw('stream', { id: String(harbourSongs[0]!.id), f: 'json' });
      expect(r.status).toBe(200);
      expect(await errorOf(r)).toMatchObject({ code: 40 });
    });
  });
});
