import { CROSSFADE, isCrossfadeS, type CrossfadeS } from '@lyra/player-core/crossfade';
import { local, readText, writeText, type StorageLike } from '../../shared/lib/storage.js';

/** localStorage key of the crossfade length, in seconds (0: off). */
export const CROSSFADE_KEY = 'crossfadeSeconds';

type Listener = (seconds: CrossfadeS) => void;
const listeners = new Set<Listener>();

export function readCrossfadeS(storage: StorageLike | undefined = local()): CrossfadeS {
  const stored = Number(readText(storage, CROSSFADE_KEY) ?? Number.NaN);
  return isCrossfadeS(stored) ? stored : CROSSFADE.DEFAULT_S;
}

/** Persists a length; the player uses it from the next song that plays to its end. */
export function setCrossfadeS(seconds: CrossfadeS, storage: StorageLike | undefined = local()): void {
  if (!isCrossfadeS(seconds)) return;
  writeText(storage, CROSSFADE_KEY, String(seconds));
  for (const l of listeners) l(seconds);
}

export function onCrossfadeChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
