import { isAudioQuality, resolveQuality, type AudioQuality } from '@lyra/player-core/audio-quality';
import { local, readText, writeText, type StorageLike } from '../../shared/lib/storage.js';
import { storedSetting } from '../../shared/lib/stored-setting.js';

/** localStorage key of the chosen tier (SPEC#entities-local-storage-keys). */
export const QUALITY_KEY = 'audioQuality';

const setting = storedSetting<AudioQuality>(QUALITY_KEY, isAudioQuality);

/**
 * SPEC#states-audio-quality: default 320kbps, stored if none saved; restored from storage if a
 * known quality. Reading fixes an unknown stored value in place.
 */
export function readAudioQuality(storage: StorageLike | undefined = local()): AudioQuality {
  const resolved = resolveQuality(readText(storage, QUALITY_KEY));
  if (resolved.store) writeText(storage, QUALITY_KEY, resolved.quality);
  return resolved.quality;
}

/** Persists a new tier and tells the audio engine, which applies it at once. */
export const setAudioQuality = setting.set;

export const onAudioQualityChange = setting.onChange;
