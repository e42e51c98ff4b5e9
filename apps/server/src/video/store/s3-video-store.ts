import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { VIDEO_MIME, type VideoFormat } from '../formats.js';
import { checkedSongId } from '../song-id.js';
import { createScratch, type VideoStore } from './video-store.js';

export interface S3VideoStoreOptions {
  /** Scratch files for ffmpeg stay local, under DATA_DIR/videos/.scratch. */
  dataDir: string;
  bucket: string;
  /** Put before every key: `<prefix><songId>/preview.<format>`. */
  prefix: string;
  region: string;
  /** Another S3-compatible service (MinIO, Garage, Ceph ...); unset: AWS. */
  endpoint?: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, shared files, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Previews as objects in an S3-compatible bucket. A PutObject replaces an
 * object whole, so readers see the old preview or the new one, never half.
 * They are still served by our /videos routes (with Range), so stored
 * addresses do not depend on where the files live.
 */
export function createS3VideoStore(opts: S3VideoStoreOptions): VideoStore {
  const { bucket, prefix } = opts;
  const s3 = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Checksums only where an operation demands them: by default the SDK streams
    // uploads as aws-chunked bodies with a trailing checksum, which not every
    // S3-compatible service understands (some store the framing as content).
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const scratch = createScratch(opts.dataDir);
  // Ids are checked at every edge; this is the last line before a key is built.
  const folderOf = (songId: string) => `${prefix}${checkedSongId(songId)}/`;
  const keyOf = (songId: string, format: VideoFormat) => `${folderOf(songId)}preview.${format}`;

  return {
    scratchPath: scratch.scratchPath,
    discard: scratch.discard,
    async commit(songId, format, file) {
      const key = keyOf(songId, format);
      const { size } = await stat(file);
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: VIDEO_MIME[format],
        }),
      );
      await rm(file, { force: true });
    },
    async stat(songId, format) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(songId, format) }));
        return { sizeBytes: head.ContentLength ?? 0, mtimeMs: head.LastModified?.getTime() ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    read(songId, format, range) {
      const key = keyOf(songId, format);
      const out = new PassThrough();
      // A listener that goes away (a cancelled request) stops the download too.
      const abort = new AbortController();
      out.once('close', () => {
        if (!out.readableEnded) abort.abort();
      });
      s3.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          // RFC 9110 §14.1.2: inclusive offsets, as the routes give them.
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: abort.signal },
      )
        .then((res) => pipeline(res.Body as Readable, out))
        .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
      return out;
    },
    async remove(songId) {
      const folder = folderOf(songId);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // One DeleteObject per key (a song has one or two): DeleteObjects needs a
      // checksum header, and S3-compatible services disagree on which one.
      await Promise.all(keys.map((key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));
      return keys.length > 0;
    },
  };
}

/** HeadObject has no body, so a missing key shows only as a 404 status. */
const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
