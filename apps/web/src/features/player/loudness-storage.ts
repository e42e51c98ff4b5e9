import { DEFAULT_LOUDNESS_MODE, isLoudnessMode, type LoudnessMode } from '@lyra/player-core/loudness';
import { local, readText, type StorageLike } from '../../shared/lib/storage.js';
import { storedSetting } from '../../shared/lib/stored-setting.js';

/** localStorage key of the volume normalisation mode. */
export const LOUDNESS_KEY = 'loudnessMode';

const setting = storedSetting<LoudnessMode>(LOUDNESS_KEY, isLoudnessMode);

export function readLoudnessMode(storage: StorageLike | undefined = local()): LoudnessMode {
  const stored = readText(storage, LOUDNESS_KEY);
  return isLoudnessMode(stored) ? stored : DEFAULT_LOUDNESS_MODE;
}

/** Persists a mode and applies it to the playing song at once. */
export const setLoudnessMode = setting.set;

export const onLoudnessModeChange = setting.onChange;
