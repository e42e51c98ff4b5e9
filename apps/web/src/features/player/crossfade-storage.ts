import { CROSSFADE, isCrossfadeS, type CrossfadeS } from '@lyra/player-core/crossfade';
import { local, readText, type StorageLike } from '../../shared/lib/storage.js';
import { storedSetting } from '../../shared/lib/stored-setting.js';

/** localStorage key of the crossfade length, in seconds (0: off). */
export const CROSSFADE_KEY = 'crossfadeSeconds';

const setting = storedSetting<CrossfadeS>(CROSSFADE_KEY, isCrossfadeS);

export function readCrossfadeS(storage: StorageLike | undefined = local()): CrossfadeS {
  const stored = Number(readText(storage, CROSSFADE_KEY) ?? Number.NaN);
  return isCrossfadeS(stored) ? stored : CROSSFADE.DEFAULT_S;
}

/** Persists a length; the player uses it from the next song that plays to its end. */
export const setCrossfadeS = setting.set;

export const onCrossfadeChange = setting.onChange;
