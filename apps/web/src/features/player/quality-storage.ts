import { isAudioQuality, resolveQuality, type AudioQuality } from '@lyra/player-core/audio-quality';
import { local, readText, writeText, type StorageLike } from '../../shared/lib/storage.js';

/** localStorage key of the chosen tier (SPEC §3). */
export const QUALITY_KEY = 'audioQuality';

type Listener = (quality: AudioQuality) => void;
const listeners = new Set<Listener>();

/**
 * SPEC §4: default 320kbps, stored if none saved; restored from storage if a
 * known quality. Reading fixes an unknown stored value in place.
 */
export function readAudioQuality(storage: StorageLike | undefined = local()): AudioQuality {
  const resolved = resolveQuality(readText(storage, QUALITY_KEY));
  if (resolved.store) writeText(storage, QUALITY_KEY, resolved.quality);
  return resolved.quality;
}

/** Persists a new tier and tells the audio engine, which applies it at once. */
export function setAudioQuality(quality: AudioQuality, storage: StorageLike | undefined = local()): void {
  if (!isAudioQuality(quality)) return;
  writeText(storage, QUALITY_KEY, quality);
  for (const l of listeners) l(quality);
}

export function onAudioQualityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
