import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createVideoRoutes, STORE_UNAVAILABLE } from '../http/video.routes.js';
import { createVideoStore } from '../module.js';
import { createS3VideoStore } from './s3-video-store.js';
import type { VideoStore } from './video-store.js';

const BUCKET = 'lyra-previews';
const PREFIX = 'lyra/videos/';
// s3rver's built-in account; it checks the key id, not the SigV4 signature.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const exists = (file: string) => access(file).then(() => true, () => false);

/** The S3 REST protocol served from a folder (s3rver) on loopback, on a free port. */
describe('S3 video store', () => {
  let server: S3rver;
  let endpoint: string;
  let s3: S3Client;
  let dataDir: string;
  let s3Dir: string;
  let store: VideoStore;

  const commit = async (songId: string, format: 'mp4' | 'webm', bytes: Buffer) => {
    const scratch = await store.scratchPath(format);
    await writeFile(scratch, bytes);
    await store.commit(songId, format, scratch);
    return scratch;
  };
  const keys = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-s3-data-'));
    s3Dir = await mkdtemp(join(tmpdir(), 'lyra-s3-server-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    store = createS3VideoStore({ dataDir, bucket: BUCKET, prefix: PREFIX, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  });
  afterAll(async () => {
    s3?.destroy();
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(s3Dir, { recursive: true, force: true });
  });

  it('uploads a committed scratch file as <prefix><songId>/preview.<format> with its type, then deletes the scratch', async () => {
    const mp4 = await commit('song_1', 'mp4', BYTES);
    const webm = await commit('song_1', 'webm', BYTES.subarray(0, 500));
    expect(mp4.startsWith(join(dataDir, 'videos', '.scratch'))).toBe(true);
    expect(await exists(mp4)).toBe(false);
    expect(await exists(webm)).toBe(false);
    expect(await keys()).toEqual(['lyra/videos/song_1/preview.mp4', 'lyra/videos/song_1/preview.webm']);
    const head = (key: string) => s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect((await head('lyra/videos/song_1/preview.mp4')).ContentType).toBe('video/mp4');
    expect((await head('lyra/videos/song_1/preview.webm')).ContentType).toBe('video/webm');
  });

  it('states the size and time of a stored preview, and null for one that is not there', async () => {
    const s = await store.stat('song_1', 'mp4');
    expect(s?.sizeBytes).toBe(1000);
    expect(Math.abs(s!.mtimeMs - Date.now())).toBeLessThan(60_000);
    expect((await store.stat('song_1', 'webm'))?.sizeBytes).toBe(500);
    expect(await store.stat('nobody', 'mp4')).toBeNull();
  });

  it('reads the whole preview and inclusive byte ranges, exactly', async () => {
    expect(await readAll(store.read('song_1', 'mp4'))).toEqual(BYTES);
    expect(await readAll(store.read('song_1', 'mp4', { start: 0, end: 999 }))).toEqual(BYTES);
    expect(await readAll(store.read('song_1', 'mp4', { start: 100, end: 199 }))).toEqual(BYTES.subarray(100, 200));
    expect(await readAll(store.read('song_1', 'mp4', { start: 999, end: 999 }))).toEqual(BYTES.subarray(999));
  });

  it('fails the stream of a preview that is not there', async () => {
    await expect(readAll(store.read('nobody', 'mp4'))).rejects.toThrow();
  });

  it('keeps serving after a reader goes away mid-stream', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    await commit('song_big', 'mp4', big);
    for (let i = 0; i < 3; i++) {
      const stream = store.read('song_big', 'mp4');
      await new Promise((done) => stream.once('readable', done));
      stream.destroy();
      await new Promise((done) => stream.once('close', done));
    }
    expect(await readAll(store.read('song_big', 'mp4', { start: 10, end: 19 }))).toEqual(big.subarray(10, 20));
    expect(await store.remove('song_big')).toBe(true);
  });

  it('replaces a preview whole', async () => {
    const next = Buffer.from('a newer preview');
    await commit('song_2', 'mp4', BYTES);
    await commit('song_2', 'mp4', next);
    expect((await store.stat('song_2', 'mp4'))?.sizeBytes).toBe(next.length);
    expect(await readAll(store.read('song_2', 'mp4'))).toEqual(next);
  });

  it('removes every format of one song, true when it had any', async () => {
    await commit('song_10', 'mp4', BYTES);
    expect(await store.remove('song_1')).toBe(true);
    expect(await store.remove('song_1')).toBe(false);
    expect(await store.stat('song_1', 'mp4')).toBeNull();
    expect(await store.stat('song_1', 'webm')).toBeNull();
    // song_10 shares the first characters of song_1's key, not its folder.
    expect(await keys()).toEqual(['lyra/videos/song_10/preview.mp4', 'lyra/videos/song_2/preview.mp4']);
    expect(await store.remove('never_stored')).toBe(false);
  });

  it('refuses a song id that could name another key', async () => {
    const scratch = await store.scratchPath('mp4');
    await writeFile(scratch, BYTES);
    for (const id of ['../song_2', 'a/b', '', 'song 1']) {
      await expect(store.commit(id, 'mp4', scratch), id).rejects.toThrow(/invalid song id/);
      await expect(store.stat(id, 'mp4'), id).rejects.toThrow(/invalid song id/);
      await expect(store.remove(id), id).rejects.toThrow(/invalid song id/);
      expect(() => store.read(id, 'mp4'), id).toThrow(/invalid song id/);
    }
    await store.discard(scratch);
    expect(await exists(scratch)).toBe(false);
  });

  it('is the store the server uses when VIDEO_S3_BUCKET is set', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      VIDEO_S3_BUCKET: BUCKET,
      VIDEO_S3_ENDPOINT: endpoint,
      VIDEO_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      VIDEO_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
    const configured = await createVideoStore(config);
    const scratch = await configured.scratchPath('webm');
    await writeFile(scratch, BYTES);
    await configured.commit('song_3', 'webm', scratch);
    expect(await keys()).toContain('videos/song_3/preview.webm');
    expect(await configured.remove('song_3')).toBe(true);
  });

  it('serves /videos from the bucket with HTTP Range', async () => {
    const routes = createVideoRoutes(store);
    const get = (range: string) => routes.request('/videos/song_2/preview.mp4', { headers: { range } });
    await commit('song_2', 'mp4', BYTES);
    const partial = await get('bytes=100-199');
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-type')).toBe('video/mp4');
    expect(partial.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(BYTES.subarray(100, 200));
    const bad = await get('bytes=1000-');
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */1000');
    expect((await routes.request('/videos/song_9/preview.mp4')).status).toBe(404);
  });

  it('answers 503 in the catalogue error shape while the bucket cannot be reached', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = createS3VideoStore({
      dataDir,
      bucket: BUCKET,
      prefix: PREFIX,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${closed}`,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    const r = await createVideoRoutes(unreachable).request('/videos/song_2/preview.mp4');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ success: false, message: STORE_UNAVAILABLE });
  });
});
