import type { Song } from '@lyra/contracts/catalogue';
import { pickSourceUrl } from '@lyra/player-core/audio-quality';
import { MEDIA_ERR, mediaErrorMessage } from '@lyra/player-core/media-errors';
import type { AudioEngineDeps } from './audio-engine-types.js';
import type { ElementControl } from './element-control.js';
import type { PlaybackPosition } from './playback-position.js';
import { withTimeOffset } from './source-address.js';

export interface SourceLoaderContext {
  deps: Pick<AudioEngineDeps, 'audio' | 'store' | 'quality' | 'localSource' | 'onUnavailableOffline' | 'beforeLoad'>;
  control: ElementControl;
  position: PlaybackPosition;
  current(): Song | undefined;
  online(): boolean;
  /** Stops with a message (SPEC#errors-media-errors). */
  stop(message: string): void;
}

/**
 * Points the element at a song's audio: the copy kept on this device when
 * there is one (offline or not), else the catalogue's tier at the stored
 * quality. Every load starts at a position (source-address.ts) and plays if
 * the listener is playing. Remembers which song and which address are loaded.
 */
export function createSourceLoader(ctx: SourceLoaderContext) {
  const { audio, store } = ctx.deps;
  const actions = () => store.getState().actions;
  let loadedId: string | null = null;
  /** The address the element plays, without its start offset. */
  let loadedBase = '';

  /** Points the element at `base` from `startS`, playing if the listener is. */
  const load = (base: string, startS: number, catalogueDurationS?: number) => {
    ctx.control.pauseQuietly();
    loadedBase = base;
    ctx.position.startAt(startS, catalogueDurationS);
    const url = withTimeOffset(base, startS);
    ctx.deps.beforeLoad?.(url);
    audio.src = url;
    if (store.getState().isPlaying) {
      actions().setLoading(true);
      ctx.control.playNow();
    } else {
      actions().setLoading(false);
    }
  };

  const loadRemote = (song: Song, startS: number) => {
    if (!ctx.online() && ctx.deps.onUnavailableOffline?.(song)) return;
    const url = pickSourceUrl(song.downloadUrl, ctx.deps.quality());
    if (!url) return ctx.stop(mediaErrorMessage(MEDIA_ERR.SRC_NOT_SUPPORTED));
    load(url, startS, song.duration ?? 0);
  };

  return {
    load,
    /** The song's kept copy when this device has one, else the catalogue's tier. */
    loadSong(song: Song, startS: number) {
      loadedId = song.id;
      const local = ctx.deps.localSource?.(song.id);
      if (!local) return loadRemote(song, startS);
      void local
        .catch(() => null)
        .then((url) => {
          if (loadedId !== song.id || ctx.current()?.id !== song.id) return;
          if (url) load(url, startS, song.duration ?? 0);
          else loadRemote(song, startS);
        });
    },
    /** The song the output already plays from its start (a gapless hand-over): nothing to load. */
    adopt(song: Song) {
      loadedId = song.id;
      loadedBase = audio.src;
      ctx.position.startAt(0, song.duration ?? 0);
    },
    /** No song: the element lets its source go. */
    unload() {
      loadedId = null;
      audio.removeAttribute?.('src');
    },
    loadedId: () => loadedId,
    loadedBase: () => loadedBase,
  };
}

export type SourceLoader = ReturnType<typeof createSourceLoader>;
