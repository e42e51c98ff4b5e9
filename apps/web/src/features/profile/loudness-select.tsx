import type { LoudnessMode } from '@lyra/player-core/loudness';
import { useStoredChoice } from '../../shared/lib/use-stored-choice.js';
import { HintedSelect, type HintedOption } from '../../shared/ui/hinted-select.js';
import { readLoudnessMode, setLoudnessMode } from '../player/index.js';

const MODES: HintedOption<LoudnessMode>[] = [
  { value: 'auto', label: 'Automatic', hint: 'Albums as mastered, other songs at one level' },
  { value: 'track', label: 'Every song', hint: 'Each song at the same loudness' },
  { value: 'album', label: 'Albums', hint: 'Keeps the loudness steps within an album' },
  { value: 'off', label: 'Off', hint: 'Songs play as they were mastered' },
];

/** Volume normalisation: applied at once to the playing song (the player follows the stored mode). */
export function LoudnessSelect() {
  const [mode, choose] = useStoredChoice<LoudnessMode>(readLoudnessMode, setLoudnessMode);
  return <HintedSelect label="Volume normalisation" value={mode} options={MODES} onChange={choose} />;
}
