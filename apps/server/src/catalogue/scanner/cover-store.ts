import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../../db/db.js';
import { images } from '../../images/image-process.js';
import type { Logger } from '../../log.js';
import { coverId } from '../ids.js';

/**
 * Original cover images, content-addressed: `${DATA_DIR}/covers/<coverId>`
 * (no extension; mime, width and height in the covers table). Each image is
 * written once, whichever tracks share it; the media module resizes from it.
 */
export interface CoverStore {
  /** Stores the bytes (if new) and returns the cover id, or null when they are not an image. */
  save(bytes: Uint8Array, origin: string): Promise<string | null>;
  /** The cover of an image file in a folder (read once per scan and folder). */
  saveFile(absPath: string): Promise<string | null>;
  /** Removes the original of a cover no longer referenced. */
  remove(id: string): Promise<void>;
}

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
  tiff: 'image/tiff',
};

/** A folder image larger than this is not read (a scan of a cover at 600 dpi is about 30 MiB). */
export const MAX_IMAGE_BYTES = 64 * 1024 ** 2;

// Covers repeat across an album's tracks: remember the last few stored.
const RECENT_LIMIT = 256;

export const coversDir = (dataDir: string) => join(dataDir, 'covers');

export function createCoverStore(db: Queryable, dataDir: string, log: Logger): CoverStore {
  const dir = coversDir(dataDir);
  const recent = new Set<string>();
  const files = new Map<string, Promise<string | null>>();
  let madeDir = false;

  const remember = <K, V>(m: Set<K> | Map<K, V>, key: K, value?: V) => {
    if (m.size >= RECENT_LIMIT) m.delete(m.keys().next().value as K);
    if (m instanceof Set) m.add(key);
    else m.set(key, value as V);
  };

  // One store per cover at a time: an album's tracks are read in parallel and share their picture.
  const storing = new Map<string, Promise<string | null>>();
  function save(bytes: Uint8Array, origin: string): Promise<string | null> {
    const id = coverId(bytes);
    if (recent.has(id)) return Promise.resolve(id);
    let p = storing.get(id);
    if (!p) {
      p = store(id, bytes, origin).finally(() => storing.delete(id));
      storing.set(id, p);
    }
    return p;
  }

  async function store(id: string, bytes: Uint8Array, origin: string): Promise<string | null> {
    let meta;
    try {
      meta = await images().metadata(bytes);
    } catch (e) {
      log.warn('cover is not a readable image', { path: origin, error: e as Error });
      return null;
    }
    const mime = MIME[meta.format ?? ''];
    if (!mime) {
      log.warn('cover image format not supported', { path: origin, format: meta.format });
      return null;
    }
    if (!madeDir) {
      await mkdir(dir, { recursive: true });
      madeDir = true;
    }
    const file = join(dir, id);
    if (!existsSync(file)) {
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    }
    await db.query(
      'insert into covers (id, mime, width, height) values ($1, $2, $3, $4) on conflict (id) do nothing',
      [id, mime, meta.width ?? null, meta.height ?? null],
    );
    remember(recent, id);
    return id;
  }

  /** A folder image's bytes; null (logged) for one too big to be a cover, a sparse file of gigabytes included. */
  async function readImage(absPath: string): Promise<Buffer | null> {
    const s = await stat(absPath);
    if (!s.isFile() || s.size > MAX_IMAGE_BYTES) {
      log.warn('folder image skipped: not a cover', { path: absPath, sizeBytes: s.size, limit: MAX_IMAGE_BYTES });
      return null;
    }
    return readFile(absPath);
  }

  return {
    save,
    saveFile(absPath) {
      let p = files.get(absPath);
      if (!p) {
        p = readImage(absPath).then(
          (bytes) => (bytes ? save(bytes, absPath) : null),
          (e: Error) => {
            log.warn('folder image unreadable', { path: absPath, error: e });
            return null;
          },
        );
        remember(files, absPath, p);
      }
      return p;
    },
    async remove(id) {
      recent.delete(id);
      await unlink(join(dir, id)).catch(() => {});
    },
  };
}

/**
 * The folder image that stands for the album: cover.*, folder.*, albumcover.*,
 * front.*, or the only image in the folder.
 */
const PREFERRED = ['cover', 'folder', 'albumcover', 'front'];
export function pickFolderImage(images: readonly string[]): string | null {
  for (const stem of PREFERRED) {
    const hit = images.find((n) => n.toLowerCase().replace(/\.[^.]+$/, '') === stem);
    if (hit) return hit;
  }
  return images.length === 1 ? images[0]! : null;
}

/** "CD2", "Disc 1", "disk_3": a folder holding one disc of an album whose cover sits a level up. */
export const isDiscFolder = (name: string) => /^(cd|disc|disk)[\s_-]*\d{1,2}$/i.test(name.trim());
