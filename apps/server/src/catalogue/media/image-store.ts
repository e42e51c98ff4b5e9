import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_SIZES } from '@lyra/contracts/ids';
import type { Db } from '../../db/db.js';
import type { JpegOut } from '../../images/image-jobs.js';
import { images } from '../../images/image-process.js';
import type { Logger } from '../../log.js';
import { fileReply, type FileRequest } from './file-reply.js';
import { generatedArtistPictureId, parseGeneratedArtistPictureId, renderGeneratedArtistPicture } from './generated-artist-picture.js';
import { matchesTitle, parseGeneratedCoverId, renderGeneratedCover, titleHash } from './generated-cover.js';
import type { OpenFileCache } from './open-file-cache.js';
import { CORS_HEADERS, errorReply, type Headers, type Reply } from './reply.js';

/** The default cover (SPEC#limits-default-logo-image: "A default logo image is used when a cover is missing"). */
export const DEFAULT_COVER_SVG = fileURLToPath(new URL('../../../assets/default-cover.svg', import.meta.url));

/** Cover ids hash the image bytes, so a resized cover at one URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The default logo may change with an upgrade. */
const DAY = 'public, max-age=86400';
/** Letterbox colour for covers with transparency (JPEG has no alpha). */
const BACKGROUND = '#18181b';
const QUALITY = 82;

/**
 * Subsonic's getCoverArt asks for any side (media-paths.ts `anySize`). Beside the web's three, at most
 * this many sides of one cover are kept on disk; another one is made for its reply alone, so a client
 * walking through sizes costs CPU, never disk. Apps ask for one to three sizes.
 */
export const MAX_OTHER_SIDES = 8;
/** Sides of the originals read so far (a header read each), by cover id; the oldest forgotten first. */
const MAX_REMEMBERED_SIDES = 10_000;
/** Generated covers and artist pictures are drawn at 500 px (generated-cover.ts), the default logo at 512 (its SVG's size). */
const GENERATED_SIDE = 500;
const DEFAULT_SIDE = 512;
const WEB_SIDES: ReadonlySet<number> = new Set(IMAGE_SIZES);

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
 * Subsonic's getCoverArt (in process) may ask for any side up to MAX_COVER_PX:
 * it gets the side asked, or the original's when that is smaller (no upscaling).
 */
export function createImageStore(opts: ImageStoreOptions) {
  const inflight = new Map<string, Promise<boolean>>();
  const originalSides = new Map<string, number>();
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

  /** A side other than the web's is kept only while its cover has fewer than MAX_OTHER_SIDES of them. */
  const keepsSide = async (out: string): Promise<boolean> => {
    const side = Number(basename(out, '.jpg'));
    if (WEB_SIDES.has(side)) return true;
    const names = await readdir(dirname(out)).catch(() => [] as string[]);
    return names.filter((n) => /^[0-9]+\.jpg$/.test(n) && !WEB_SIDES.has(Number(n.slice(0, -4)))).length < MAX_OTHER_SIDES;
  };

  /**
   * `out`, made now if missing (makeOnce), then served from the disk; past the
   * bound of kept sides, made for this reply alone. Null when `make` has nothing.
   */
  const made = async (out: string, req: FileRequest, cacheControl: string, make: () => Promise<Buffer | null>): Promise<Reply | null> => {
    if (await keepsSide(out)) return (await makeOnce(out, make)) ? serve(out, req, cacheControl) : null;
    const jpeg = await make();
    return jpeg && { kind: 'bytes', status: 200, headers: headersFor(cacheControl), body: jpeg };
  };

  /** The side of a stored original (its shorter edge, what a square cut keeps), null when it is unreadable. */
  const originalSide = async (coverId: string): Promise<number | null> => {
    const known = originalSides.get(coverId);
    if (known != null) return known;
    const meta = await images()
      .metadata({ path: join(opts.coversDir, coverId) })
      .catch(() => null);
    if (!meta?.width || !meta.height) return null;
    const side = Math.min(meta.width, meta.height);
    if (originalSides.size >= MAX_REMEMBERED_SIDES) originalSides.delete(originalSides.keys().next().value!);
    originalSides.set(coverId, side);
    return side;
  };

  const defaultReply = async (size: number, req: FileRequest, cacheControl: string): Promise<Reply> => {
    const { bytes, dir } = await loadDefault();
    const out = join(dir, `${size}.jpg`);
    const cached = await serve(out, req, cacheControl);
    if (cached) return cached;
    return (await made(out, req, cacheControl, () => render(bytes, size))) ?? errorReply(503, 'image unavailable');
  };

  /** An album or playlist without art: its generated cover (generated-cover.ts), made once per size. */
  const generatedReply = async (coverId: string, albumId: string, hash: string, size: number, req: FileRequest): Promise<Reply> => {
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
    const reply = await made(out, req, IMMUTABLE, () => renderGeneratedCover(albumId, named.name, named.artist, jpegOf(size)));
    return reply ?? errorReply(503, 'image unavailable');
  };

  /** An artist with no album art of their own: their generated picture (generated-artist-picture.ts), made once per size. */
  const artistPictureReply = async (id: string, artistId: string, hash: string, size: number, req: FileRequest): Promise<Reply> => {
    const out = join(opts.cacheDir, id, `${size}.jpg`);
    const cached = await serve(out, req, IMMUTABLE);
    if (cached) return cached;
    const [artist] = await opts.db.query<{ name: string }>('select name from artists where id = $1', [artistId]);
    // Unknown id, or an address from before the name was spelt anew.
    if (!artist || !matchesTitle(hash, artist.name)) return errorReply(404, 'image not found');
    const reply = await made(out, req, IMMUTABLE, () => renderGeneratedArtistPicture(artistId, artist.name, jpegOf(size)));
    return reply ?? errorReply(503, 'image unavailable');
  };

  return {
    /**
     * Draws an artist's generated picture ahead of its first request (artist-pictures-pass.ts) at
     * `sides`, the files artistPictureReply serves, from one drawing; a side already on disk is left
     * as it is, and a request asking for it meanwhile waits for the same file. How many it made.
     */
    async drawArtistPicture(artistId: string, name: string, sides: readonly number[]): Promise<number> {
      const id = generatedArtistPictureId(artistId, name);
      let master: Promise<Buffer> | null = null;
      let count = 0;
      for (const side of sides) {
        const out = join(opts.cacheDir, id, `${side}.jpg`);
        if (await access(out).then(() => true, () => false)) continue;
        if (await makeOnce(out, async () => render(await (master ??= renderGeneratedArtistPicture(artistId, name)), side))) count++;
      }
      return count;
    },

    /**
     * A generated cover for something the catalogue does not hold (a radio station): the generated covers'
     * drawing, its colours from `seed`, `title` set on it and `label` above. Made once per title and side
     * (`named-<seed>-<titleHash>/<side>.jpg`), so a new title gets a new image and every image stays.
     */
    async named(cover: NamedCover, size: number, req: FileRequest): Promise<Reply> {
      const side = Math.min(size, GENERATED_SIDE);
      const out = join(opts.cacheDir, `named-${cover.seed}-${titleHash(cover.title)}`, `${side}.jpg`);
      const cached = await serve(out, req, IMMUTABLE);
      if (cached) return cached;
      const reply = await made(out, req, IMMUTABLE, () => renderGeneratedCover(cover.seed, cover.title, cover.label, jpegOf(side)));
      return reply ?? errorReply(503, 'image unavailable');
    },

    /**
     * `anySize` (Subsonic's asks): `size` is any side up to MAX_COVER_PX, lowered to the original's
     * side; otherwise one of the web's sizes, made at that size whatever the original's.
     */
    async reply(coverId: string, asked: number, req: FileRequest, anySize = false): Promise<Reply> {
      if (coverId === 'default') return defaultReply(anySize ? Math.min(asked, DEFAULT_SIDE) : asked, req, DAY);
      const generated = parseGeneratedCoverId(coverId);
      if (generated) return generatedReply(coverId, generated.albumId, generated.hash, anySize ? Math.min(asked, GENERATED_SIDE) : asked, req);
      const artistPicture = parseGeneratedArtistPictureId(coverId);
      if (artistPicture) return artistPictureReply(coverId, artistPicture.artistId, artistPicture.hash, anySize ? Math.min(asked, GENERATED_SIDE) : asked, req);
      let size = asked;
      if (anySize) {
        // The side is known once the original's header is read (remembered after): cap it before the cache.
        const original = originalSides.get(coverId) ?? (await originalSide(coverId));
        if (original != null) size = Math.min(asked, original);
      }
      const out = join(opts.cacheDir, coverId, `${size}.jpg`);
      const cached = await serve(out, req, IMMUTABLE);
      if (cached) return cached;
      const known = await opts.db.query('select 1 from covers where id = $1', [coverId]);
      if (known.length === 0) return errorReply(404, 'image not found');
      let reply: Reply | null;
      try {
        reply = await made(out, req, IMMUTABLE, async () => {
          const source = await readFile(join(opts.coversDir, coverId)).catch(() => null);
          return source && render(source, size);
        });
      } catch (e) {
        // An unreadable picture: the listener sees the logo instead of a broken image, briefly.
        opts.log.warn('cover could not be resized', { coverId, error: e });
        return defaultReply(Math.min(size, DEFAULT_SIDE), req, 'public, max-age=300');
      }
      return reply ?? errorReply(404, 'image not found');
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

/** What a generated cover of something outside the catalogue shows (image-store `named`). */
export interface NamedCover {
  /** Letters, digits, `_` and `-` only (a folder name under the image cache): the colours come from it. */
  seed: string;
  title: string;
  label: string | null;
}

/** A `size`-pixel square JPEG from any image sharp reads (JPEG, PNG, WebP, GIF, SVG...). */
function render(input: Buffer, size: number): Promise<Buffer> {
  return images().squareJpeg(input, size, { background: BACKGROUND, quality: QUALITY });
}

/** The store's JPEGs of a drawing (a generated cover or picture), made in the job that draws it. */
const jpegOf = (size: number): JpegOut => ({ size, background: BACKGROUND, quality: QUALITY });
