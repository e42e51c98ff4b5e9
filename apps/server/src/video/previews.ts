import { access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { ceilingTier, ID_PATTERN, mediaPath, selectSong, sourceInside, type SongRow } from '../catalogue/module.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Logger } from '../log.js';
import type { PreviewDoc, VideoDocuments } from './documents/video-documents.js';
import { RENDER, videoPath, type VideoFormat } from './formats.js';
import { defaultCoverPng } from './render/default-cover.js';
import type { RenderOutput } from './render/ffmpeg-args.js';
import type { Renderer } from './render/renderer.js';
import { isSongId } from './song-id.js';
import { deleteJobsFor } from './jobs/video-jobs.sql.js';
import type { VideoStore } from './store/video-store.js';

/** A domain error of the video pipeline; the edges map `kind` to their own protocol. */
export class VideoError extends Error {
  override name = 'VideoError';
  constructor(
    readonly kind: 'not_found' | 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Making, attaching, listing and removing previews: files in the store plus VideoPreview documents. */
export interface Previews {
  /** Renders the cover + spectrum preview of a library song and publishes it. */
  renderSong(songId: string, signal?: AbortSignal): Promise<PreviewDoc>;
  /** Attaches a music video file to a library song, re-encoded like a preview. */
  attachVideo(songId: string, file: string, signal?: AbortSignal): Promise<PreviewDoc>;
  /** Deletes the song's preview files and document; false when it had none. */
  remove(songId: string): Promise<boolean>;
  list(): Promise<PreviewDoc[]>;
  has(songId: string): Promise<boolean>;
}

export function createPreviews(
  deps: { config: Config; db: Db; log: Logger },
  ctx: { store: VideoStore; renderer: Renderer; documents: VideoDocuments },
): Previews {
  const { config, db } = deps;
  const { store, renderer, documents } = ctx;

  const songOrThrow = async (songId: string): Promise<SongRow> => {
    const song = isSongId(songId) ? await selectSong(db, songId) : null;
    if (!song) throw new VideoError('not_found', `song ${JSON.stringify(songId)} is not in the library`);
    return song;
  };

  const formatsOrThrow = async (): Promise<VideoFormat[]> => {
    const formats = await renderer.formats();
    if (formats.length === 0) {
      throw new VideoError('unavailable', 'ffmpeg is missing or has neither libx264 nor libvpx-vp9');
    }
    return formats;
  };

  /** Renders into scratch files, moves them into place, then (and only then) publishes the document. */
  const produce = async (
    song: SongRow,
    make: (outputs: RenderOutput[]) => Promise<void>,
  ): Promise<PreviewDoc> => {
    const formats = await formatsOrThrow();
    const outputs = await Promise.all(formats.map(async (format) => ({ format, path: await store.scratchPath(format) })));
    try {
      await make(outputs);
      for (const o of outputs) await store.commit(song.id, o.format, o.path);
    } finally {
      await Promise.all(outputs.map((o) => store.discard(o.path)));
    }
    const main = formats.includes('mp4') ? 'mp4' : formats[0]!;
    // Site-relative addresses (DESIGN §8): a stored document stays right whatever name,
    // port or proxy the server is reached by; clients resolve them against the server.
    return documents.savePreview(song.id, {
      aws_url: videoPath(song.id, main),
      // The song's own stream at its best tier (the player's video mode swaps to it, SPEC#states-video-mode).
      audio_url: mediaPath(song.id, ceilingTier(song.bitrate_kbps, song.codec)),
    });
  };

  /** The song's cover, else the app's default cover (SPEC#limits-default-logo-image), else null (plain background). */
  const coverPath = async (coverId: string | null): Promise<string | null> => {
    const file = coverId && ID_PATTERN.test(coverId) ? join(config.DATA_DIR, 'covers', coverId) : null;
    if (file && (await readable(file))) return file;
    return defaultCoverPng(join(config.DATA_DIR, 'videos'), RENDER.sizePx);
  };

  return {
    async renderSong(songId, signal) {
      const song = await songOrThrow(songId);
      const audioPath = await sourceInside(config.MUSIC_DIR, song.path);
      if (!audioPath || !(await readable(audioPath))) {
        throw new VideoError('not_found', `the audio file of song ${songId} is missing`);
      }
      const src = { audioPath, coverPath: await coverPath(song.cover_id), durationS: song.duration_s };
      return produce(song, (outputs) => renderer.renderPreview(src, outputs, signal));
    },
    async attachVideo(songId, file, signal) {
      const song = await songOrThrow(songId);
      if (!(await readable(file))) throw new VideoError('invalid', `cannot read ${file}`);
      return produce(song, (outputs) => renderer.transcodeVideo(file, outputs, signal));
    },
    async remove(songId) {
      if (!isSongId(songId)) return false;
      const doc = await documents.deletePreview(songId);
      const hadFiles = await store.remove(songId);
      // A finished request would otherwise keep the song from being requested again.
      await documents.deleteRequestsFor(songId);
      await deleteJobsFor(db, songId);
      return doc != null || hadFiles;
    },
    list: () => documents.listPreviews(),
    has: async (songId) => (await documents.previewFor(songId)) != null,
  };
}

const readable = (file: string) =>
  access(file, constants.R_OK).then(
    () => true,
    () => false,
  );
