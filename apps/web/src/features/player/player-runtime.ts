import type { Song } from '@lyra/contracts/catalogue';
import { decodedRate } from '@lyra/player-core/gapless';
import { toast } from '../../shared/lib/toast.js';
import { isKeptOffline, keptAudioUrl } from '../offline/index.js';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { songIsGone } from '../../shared/lib/catalogue-queries.js';
import { songTitle } from '../../shared/lib/song-view.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import { createAudioGraph } from './audio-graph.js';
import { onCrossfadeChange, readCrossfadeS } from './crossfade-storage.js';
import { followGapless } from './gapless-follow.js';
import { followDocumentTitle } from './document-title.js';
import { dropGoneSongs } from './gone-songs.js';
import { songBytes } from './gapless-source.js';
import { onLoudnessModeChange, readLoudnessMode } from './loudness-storage.js';
import { followNormalisation } from './normalisation.js';
import { recordPlay } from './play-stats-storage.js';
import { createPlaybackOutput } from './playback-output.js';
import { rememberedPositionS, rememberPosition } from './position-memory.js';
import { usePlayerStore } from './player-store.js';
import { heldForRoom } from './room-hold.js';
import { onAudioQualityChange, readAudioQuality } from './quality-storage.js';

let engine: AudioEngine | null = null;
let element: HTMLAudioElement | null = null;
/** The current song plays from a decoded copy (a gapless or crossfade hand-over), not from the network. */
let playsDecoded = () => false;
/** The decoded song playing, if one does (a listening room nudges its rate too). */
let decodedVoice = (): { playbackRate: number } | null => null;

/**
 * Creates the one audio element and its engine (once, at start-up). `catalogue`
 * answers whether a song that fails to load is still in the library.
 */
export function startPlayer(catalogue?: CatalogueClient): AudioEngine {
  if (engine) return engine;
  const audio = document.createElement('audio');
  // Only metadata until the listener plays: a song opened paused (a shared link)
  // must not download a whole track over a phone's connection.
  audio.preload = 'metadata';
  audio.hidden = true;
  document.body.appendChild(audio);
  element = audio;
  readAudioQuality(); // SPEC#states-audio-quality: stores the default when nothing is saved yet.
  // Volume normalisation through Web Audio, made once the element first plays.
  const graph = typeof AudioContext === 'undefined' ? null : createAudioGraph({ audio });
  // The engine plays through the element, or a decoded next song that took over gaplessly (or crossfading).
  const output = createPlaybackOutput(
    audio,
    graph ? { fader: () => graph.output?.elementFader ?? null, setLevel: (gain) => graph.setGain(gain) } : undefined,
  );
  playsDecoded = () => output.voice !== null;
  decodedVoice = () => output.voice;
  if (graph) {
    audio.addEventListener('playing', () => void graph.attach());
    // Each song's gain goes to the source playing it, so two songs crossfading keep their own.
    const levels = { setGain: (gain: number) => void (output.level = gain) };
    followNormalisation({ store: usePlayerStore, graph: levels, mode: readLoudnessMode, onModeChange: (l) => onLoudnessModeChange(l) });
  }
  const started = createAudioEngine({
    audio: output,
    store: usePlayerStore,
    quality: () => readAudioQuality(),
    onQualityChange: onAudioQualityChange,
    network: window,
    isOnline: () => navigator.onLine,
    ...('mediaSession' in navigator ? { mediaSession: navigator.mediaSession } : {}),
    ...(typeof MediaMetadata === 'undefined' ? {} : { createMetadata: (init: MediaMetadataInit) => new MediaMetadata(init) }),
    // A live stream (a radio station) is no song of the catalogue: it is not counted.
    onPlayed: (song) => {
      if (!song.live) recordPlay(song);
    },
    ...(graph ? { beforeLoad: (url: string) => graph.prepare(url) } : {}),
    localSource: (id) => (isKeptOffline(id) ? keptAudioUrl(id) : null),
    restoredPositionS: (id) => rememberedPositionS(id),
    onUnavailableOffline: skipToKeptSong,
    ...(catalogue
      ? {
          songGone: (id: string) => (isLive(id) ? Promise.resolve(false) : songIsGone(catalogue, id)),
          // It failed to play: it leaves the queue even from a decoded hand-over.
          onSongGone: (song: Song) => {
            dropGoneSongs(usePlayerStore.getState().actions, [song.id], false);
          },
        }
      : {}),
  });
  engine = started;
  followDocumentTitle(usePlayerStore);
  rememberPosition(usePlayerStore);
  if (graph) {
    let crossfadeS = readCrossfadeS();
    onCrossfadeChange((seconds) => (crossfadeS = seconds));
    followGapless({
      output,
      // In a room the song after the current one follows whatever the repeat setting.
      store: { getState: () => (heldForRoom() ? { ...usePlayerStore.getState(), repeat: 'all' as const } : usePlayerStore.getState()) },
      graph: () => graph.output,
      songBytes: (song) => songBytes(song, { quality: readAudioQuality(), kept: isKeptOffline, online: () => navigator.onLine }),
      onHandOver: (song) => {
        started.handedOver(song.id);
        const { actions } = usePlayerStore.getState();
        if (heldForRoom()) actions.next();
        else actions.songEnded();
      },
      crossfadeS: () => (heldForRoom() ? 0 : crossfadeS),
      loudnessMode: readLoudnessMode,
    });
  }
  return started;
}

export const playerEngine = (): AudioEngine | null => engine;

/**
 * The element's rate and whether it is loading or seeking (its position says
 * nothing yet): a listening room keeps in time with small rate changes.
 */
export const playbackElement = {
  setRate(rate: number): void {
    if (element && element.playbackRate !== rate) element.playbackRate = rate;
    // After a gapless hand-over the song plays decoded: nudged too, within what is not heard as pitch.
    const voice = decodedVoice();
    if (voice && voice.playbackRate !== decodedRate(rate)) voice.playbackRate = decodedRate(rate);
  },
  busy: (): boolean => !element || element.seeking || element.readyState < 3,
};

/** Whether the queued song with this id is a live stream (never in the catalogue, so never gone from it). */
const isLive = (id: string) => usePlayerStore.getState().queue.some((s) => s.id === id && s.live === true);

/**
 * Songs that left the library (realtime says so, or the catalogue no longer has
 * the one that failed to play) leave the queue, with one toast. The current one
 * plays on only from a decoded copy; otherwise the next song takes its place.
 */
export function songsLeftLibrary(ids: readonly string[]): Song[] {
  return dropGoneSongs(usePlayerStore.getState().actions, ids, playsDecoded());
}

/** Offline, the queue moves on to the next song kept on this device, and says which it skipped. */
function skipToKeptSong(song: Song): boolean {
  const { queue, currentIndex, actions } = usePlayerStore.getState();
  const next = queue.findIndex((s, i) => i > currentIndex && isKeptOffline(s.id));
  if (next < 0) return false;
  toast(`Not downloaded, skipped offline: ${songTitle(song)}`);
  actions.select(next);
  return true;
}
