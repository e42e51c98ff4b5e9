import { CROSSFADE, type CrossfadeS } from '@lyra/player-core/crossfade';
import { useStoredChoice } from '../../shared/lib/use-stored-choice.js';
import { HintedSelect, type HintedOption } from '../../shared/ui/hinted-select.js';
import { readCrossfadeS, setCrossfadeS } from '../player/index.js';

const CHOICES: HintedOption<`${CrossfadeS}`>[] = CROSSFADE.CHOICES_S.map((s) =>
  s === 0
    ? { value: '0', label: 'Off', hint: 'Songs follow on without a gap' }
    : { value: `${s}`, label: `${s} s`, hint: `Songs blend over ${s} seconds; albums stay gapless` },
);

/** Crossfade: kept on this device; the player uses it from the next song that plays to its end. */
export function CrossfadeSelect() {
  const [seconds, choose] = useStoredChoice<CrossfadeS>(readCrossfadeS, setCrossfadeS);
  return <HintedSelect label="Crossfade" value={`${seconds}`} options={CHOICES} onChange={(value) => choose(Number(value) as CrossfadeS)} />;
}
