import { FeedbackButton } from '../feedback/ui.js';
import { DownloadQualitySelect } from '../offline/ui.js';
import { AudioQualitySelect } from './audio-quality-select.js';
import { CrossfadeSelect } from './crossfade-select.js';
import { LoudnessSelect } from './loudness-select.js';

/** SPEC §2 Profile "System Preferences", shown signed in and signed out alike. */
export function SystemPreferences() {
  return (
    <section aria-labelledby="system-preferences" className="mt-8 rounded-2xl bg-panel p-4">
      <h2 id="system-preferences" className="text-lg font-semibold">
        System Preferences
      </h2>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium">Audio Quality Settings</span>
        <AudioQualitySelect />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium">Volume normalisation</span>
        <LoudnessSelect />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium">Crossfade</span>
        <CrossfadeSelect />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium">Download quality</span>
        <DownloadQualitySelect />
      </div>
      <div className="mt-4 border-t border-line pt-4">
        <FeedbackButton className="font-medium text-accent-text hover:underline" />
      </div>
    </section>
  );
}
