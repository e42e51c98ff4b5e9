import { DEFAULT_LOUDNESS_MODE, isLoudnessMode, type LoudnessMode } from '@lyra/player-core/loudness';
import { local, readText, writeText, type StorageLike } from '../../shared/lib/storage.js';

/** localStorage key of the volume normalisation mode. */
export const LOUDNESS_KEY = 'loudnessMode';

type Listener = (mode: LoudnessMode) => void;
const listeners = new Set<Listener>();

export function readLoudnessMode(storage: StorageLike | undefined = local()): LoudnessMode {
  const stored = readText(storage, LOUDNESS_KEY);
  return isLoudnessMode(stored) ? stored : DEFAULT_LOUDNESS_MODE;
}

/** Persists a mode and applies it to the playing song at once. */
export function setLoudnessMode(mode: LoudnessMode, storage: StorageLike | undefined = local()): void {
  if (!isLoudnessMode(mode)) return;
  writeText(storage, LOUDNESS_KEY, mode);
  for (const l of listeners) l(mode);
}

export function onLoudnessModeChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
