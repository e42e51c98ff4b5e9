import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { ImageSize } from '@lyra/contracts/ids';
import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { fileReply, type FileRequest } from './file-reply.js';
import { matchesTitle, parseGeneratedCoverId, renderGeneratedCover } from './generated-cover.js';
import type { OpenFileCache } from './open-file-cache.js';
import { CORS_HEADERS, errorReply, type Headers, type Reply } from './reply.js';

/** The default cover (SPEC §9: "A default logo image is used when a cover is missing"). */
export const DEFAULT_COVER_SVG = fileURLToPath(new URL('../../../assets/default-cover.svg', import.meta.url));

/** Cover ids hash the image bytes, so a resized cover at one URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The default logo may change with an upgrade. */
const DAY = 'public, max-age=86400';
/** Letterbox colour for covers with transparency (JPEG has no alpha). */
const BACKGROUND = '#18181b';

export interface ImageStoreOptions {
  db: Db;
  log: Logger;
  /** Original cover bytes, written by the scanner: DATA_DIR/covers/<coverId>. */
  coversDir: string;
  /** Resized JPEGs: DATA_DIR/cache/images/<coverId>/<size>.jpg. */
  cacheDir: string;
  files: OpenFileCache;
}

/**
 * /images/<coverId|default>/<50|150|500>.jpg: square JPEGs cut to fill the
 * square (`cover` fit, catalogue-api.md §2.1), made once with sharp and then
 * served from the disk cache. Unknown cover ids are 404; `default` always works.
 */
export function createImageStore(opts: ImageStoreOptions) {
  const inflight = new Map<string, Promise<boolean>>();
  let defaultSvg: Promise<{ bytes: Buffer; dir: string }> | null = null;

  const loadDefault = () =>
    (defaultSvg ??= readFile(DEFAULT_COVER_SVG).then((bytes) => ({
      bytes,
      dir: join(opts.cacheDir, `default-${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}`),
    })));

  /** Makes `out` once, even when many requests ask at the same moment. */
  const makeOnce = (out: string, make: () => Promise<Buffer | null>): Promise<boolean> => {
    let p = inflight.get(out);
    if (!p) {
      p = (async () => {
        const jpeg = await make();
        if (!jpeg) return false;
        const tmp = `${out}.${randomBytes(4).toString('hex')}.tmp`;
        await mkdir(dirname(out), { recursive: true });
        try {
          await writeFile(tmp, jpeg);
          await rename(tmp, out);
        } finally {
          await rm(tmp, { force: true });
        }
        return true;
      })().finally(() => inflight.delete(out));
      inflight.set(out, p);
    }
    return p;
  };

  const headersFor = (cacheControl: string): Headers => ({
    ...CORS_HEADERS,
    'content-type': 'image/jpeg',
    'cache-control': cacheControl,
  });

  const serve = async (path: string, req: FileRequest, cacheControl: string): Promise<Reply | null> => {
    const file = await opts.files.acquire(path);
    return file && fileReply(req, file, headersFor(cacheControl));
  };

  const defaultReply = async (size: ImageSize, req: FileRequest, cacheControl: string): Promise<Reply> => {
    const { bytes, dir } = await loadDefault();
    const out = join(dir, `${size}.jpg`);
    const cached = await serve(out, req, cacheControl);
    if (cached) return cached;
    await makeOnce(out, () => render(bytes, size));
    return (await serve(out, req, cacheControl)) ?? errorReply(503, 'image unavailable');
  };

  /** An album or playlist without art: its generated cover (generated-cover.ts), made once per size. */
  const generatedReply = async (coverId: string, albumId: string, hash: string, size: ImageSize, req: FileRequest): Promise<Reply> => {
    const out = join(opts.cacheDir, coverId, `${size}.jpg`);
    const cached = await serve(out, req, IMMUTABLE);
    if (cached) return cached;
    // An album, with its artist on top; or a catalogue playlist without any art, with its name alone.
    const [named] = await opts.db.query<{ name: string; artist: string | null }>(
      `select al.name, ar.name as artist from albums al left join artists ar on ar.id = al.album_artist_id where al.id = $1
       union all
       select name, null from playlists where id = $1 and not exists (select 1 from albums where id = $1)`,
      [albumId],
    );
    // Unknown id, or an address from before the album or playlist was renamed.
    if (!named || !matchesTitle(hash, named.name)) return errorReply(404, 'image not found');
    await makeOnce(out, async () => render(await renderGeneratedCover(albumId, named.name, named.artist), size));
    return (await serve(out, req, IMMUTABLE)) ?? errorReply(503, 'image unavailable');
  };

  return {
    async reply(coverId: string, size: ImageSize, req: FileRequest): Promise<Reply> {
      if (coverId === 'default') return defaultReply(size, req, DAY);
      const generated = parseGeneratedCoverId(coverId);
      if (generated) return generatedReply(coverId, generated.albumId, generated.hash, size, req);
      const out = join(opts.cacheDir, coverId, `${size}.jpg`);
      const cached = await serve(out, req, IMMUTABLE);
      if (cached) return cached;
      const known = await opts.db.query('select 1 from covers where id = $1', [coverId]);
      if (known.length === 0) return errorReply(404, 'image not found');
      let made: boolean;
      try {
        made = await makeOnce(out, async () => {
          const source = await readFile(join(opts.coversDir, coverId)).catch(() => null);
          return source && render(source, size);
        });
      } catch (e) {
        // An unreadable picture: the listener sees the logo instead of a broken image, briefly.
        opts.log.warn('cover could not be resized', { coverId, error: e });
        return defaultReply(size, req, 'public, max-age=300');
      }
      if (!made) return errorReply(404, 'image not found');
      return (await serve(out, req, IMMUTABLE)) ?? errorReply(404, 'image not found');
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

/** A `size`-pixel square JPEG from any image sharp reads (JPEG, PNG, WebP, GIF, SVG...). */
function render(input: Buffer, size: ImageSize): Promise<Buffer> {
  return sharp(input, { failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover' })
    .flatten({ background: BACKGROUND })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

