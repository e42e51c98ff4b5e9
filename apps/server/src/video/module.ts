import { Hono } from 'hono';
import { locateTools } from '../catalogue/module.js';
import { createEventBus, type EventBus } from '../backend/module.js';
import { migrate } from '../db/migrate.js';
import type { AdminSession } from '../http/came-over-network.js';
import type { Config } from '../config.js';
import type { Deps, ServerModule } from '../module.js';
import { writeAdminFile, removeAdminFile, newAdminToken } from '../db/admin-file.js';
import { listenAdmin } from './admin/admin-listener.js';
import { createAdminRoutes } from './admin/admin-routes.js';
import { createBackendVideoDocuments } from './documents/backend-video-documents.js';
import type { VideoDocuments } from './documents/video-documents.js';
import { VIDEO_FORMATS } from './formats.js';
import { createVideoRoutes } from './http/video.routes.js';
import { videoQueueRoutes } from './http/queue.routes.js';
import { createVideoWorker, DEFAULT_WORKER, newWorkerId, type VideoWorker, type WorkerOptions } from './jobs/worker.js';
import { createPreviews, type Previews } from './previews.js';
import { createRenderer, type Renderer } from './render/renderer.js';
import { createLocalVideoStore, type VideoStore } from './store/video-store.js';

export interface VideoModule extends ServerModule {
  readonly previews: Previews;
  readonly worker: VideoWorker;
  readonly store: VideoStore;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface VideoOptions {
  /** The backend's event bus, so document events reach its realtime subscribers. */
  events?: EventBus;
  documents?: VideoDocuments;
  renderer?: Renderer;
  worker?: Partial<WorkerOptions>;
  /**
   * Claim DATA_DIR/admin-token for this process and, once started, serve the
   * admin API on loopback (default: true).
   */
  admin?: boolean;
  /** Other modules' admin routes for the loopback listener (behind the same token). */
  adminRoutes?: Hono;
  /** Whether a request's credentials are an administrator's session (its /api/admin routes over the network). */
  adminSession?: AdminSession;
}

/**
 * Video previews (SPEC#player-full-screen-blurred, SPEC#states-video-mode): a worker that renders
 * requested songs, /videos/<songId>/preview.(mp4|webm) with Range, and the
 * admin API behind `npm run admin -- video ...`. Needs the catalogue's tables
 * (songs) and the backend's (documents), so it is mounted with both.
 */
export async function createVideo(deps: Deps, opts: VideoOptions = {}): Promise<VideoModule> {
  await migrate(deps.db, 'video');
  const log = deps.log.child({ module: 'video' });
  // Without the backend's bus (a separate process such as the admin CLI), a bus
  // of our own still reaches other instances through PostgreSQL NOTIFY.
  const ownBus = opts.events ? null : createEventBus(deps);
  const events = opts.events ?? ownBus!;
  const renderer = opts.renderer ?? createRenderer(locateTools(deps.config, log));
  const store = await createVideoStore(deps.config);
  const documents = opts.documents ?? createBackendVideoDocuments(deps, events);
  const previews = createPreviews(deps, { store, renderer, documents });
  const worker = createVideoWorker(deps, { documents, previews }, { ...DEFAULT_WORKER, workerId: newWorkerId(), ...opts.worker });
  const token = newAdminToken();
  let listener: { close(): Promise<void> } | null = null;
  let claimed = opts.admin !== false;
  // Claim the data folder at once, before start(): an admin command run while
  // this server is still starting must not open the same embedded database.
  const claim = async (url: string | null) => {
    try {
      await writeAdminFile(deps.config.DATA_DIR, { pid: process.pid, url, token });
    } catch (err) {
      // The server still serves; only `npm run admin` cannot find it.
      log.warn('cannot write the admin token file', { dir: deps.config.DATA_DIR, err });
    }
  };
  if (claimed) await claim(null);

  return {
    name: 'video',
    routes: new Hono().route('/', createVideoRoutes(store)).route('/', videoQueueRoutes(deps.db, deps.config.VIDEO_WORKER === 'on', opts.adminSession)),
    previews,
    worker,
    store,
    async start() {
      await ownBus?.start();
      if (claimed) {
        const admin = await listenAdmin(createAdminRoutes(previews, token, log, opts.adminRoutes));
        listener = admin;
        await claim(admin.url);
      }
      if (deps.config.VIDEO_WORKER === 'on') {
        // Without an encoder every render would fail: leave requests queued until ffmpeg is installed.
        const formats = await renderer.formats();
        if (formats.length === 0) {
          log.warn('video requests stay queued: ffmpeg with libx264 or libvpx-vp9 is needed to render previews');
        } else {
          const missing = VIDEO_FORMATS.filter((f) => !formats.includes(f));
          if (missing.length > 0) log.warn(`video previews are rendered as ${formats.join(', ')} only: this ffmpeg cannot encode ${missing.join(', ')}`);
          worker.start();
        }
      }
    },
    async stop() {
      await worker.stop();
      if (claimed) {
        claimed = false;
        await removeAdminFile(deps.config.DATA_DIR, token);
      }
      await listener?.close();
      listener = null;
      await ownBus?.stop();
    },
  };
}

/**
 * DATA_DIR/videos, or the bucket VIDEO_S3_BUCKET names. The S3 client is
 * loaded only then: it costs every other start-up time and ~25 MB.
 */
export async function createVideoStore(config: Config): Promise<VideoStore> {
  if (!config.VIDEO_S3_BUCKET) return createLocalVideoStore(config.DATA_DIR);
  const { createS3VideoStore } = await import('./store/s3-video-store.js');
  const { VIDEO_S3_ACCESS_KEY_ID: accessKeyId, VIDEO_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return createS3VideoStore({
    dataDir: config.DATA_DIR,
    bucket: config.VIDEO_S3_BUCKET,
    prefix: config.VIDEO_S3_PREFIX,
    region: config.VIDEO_S3_REGION,
    endpoint: config.VIDEO_S3_ENDPOINT,
    forcePathStyle: config.VIDEO_S3_FORCE_PATH_STYLE === 'on',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
