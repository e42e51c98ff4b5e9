import { FeedbackButton } from '../feedback/ui.js';
import { DownloadQualitySelect } from '../offline/ui.js';
import { AudioQualitySelect } from './audio-quality-select.js';
import { CrossfadeSelect } from './crossfade-select.js';
import { LoudnessSelect } from './loudness-select.js';
import { SettingsSection } from './settings-section.js';

/** The settings, in order: each row's name, and its control at the row's end. */
const PREFERENCES = [
  { label: 'Audio Quality Settings', Control: AudioQualitySelect },
  { label: 'Volume normalisation', Control: LoudnessSelect },
  { label: 'Crossfade', Control: CrossfadeSelect },
  { label: 'Download quality', Control: DownloadQualitySelect },
];

/** SPEC#profile-signed-out "System Preferences", shown signed in and signed out alike. */
export function SystemPreferences() {
  return (
    <SettingsSection id="system-preferences" title="System Preferences">
      {PREFERENCES.map(({ label, Control }) => (
        <div key={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <span className="font-medium">{label}</span>
          <Control />
        </div>
      ))}
      <div className="mt-4 border-t border-line pt-4">
        <FeedbackButton className="font-medium text-accent-text hover:underline" />
      </div>
    </SettingsSection>
  );
}
