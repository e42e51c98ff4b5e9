import type { AudioQuality } from '@lyra/player-core/audio-quality';

/**
 * SPEC#profile-audio-quality-dropdown-tiers: three tiers; each level has its label and
 * a tooltip saying when to use it. Highest first, as listeners read it.
 */
export interface QualityLevel {
  quality: AudioQuality;
  label: string;
  tooltip: string;
}

export const QUALITY_TIERS: readonly { tier: string; levels: readonly QualityLevel[] }[] = [
  {
    tier: 'Premium',
    levels: [{ quality: '320kbps', label: 'High Definition', tooltip: 'The best sound, for Wi-Fi or an unlimited data plan' }],
  },
  {
    tier: 'Standard',
    levels: [
      { quality: '160kbps', label: 'Standard', tooltip: 'Clear sound for everyday listening on mobile data' },
      { quality: '96kbps', label: 'Basic', tooltip: 'Good sound that uses less data' },
    ],
  },
  {
    tier: 'Basic',
    levels: [
      { quality: '48kbps', label: 'Low', tooltip: 'Saves data on slow or metered connections' },
      { quality: '12kbps', label: 'Ultra Low', tooltip: 'Keeps the music going on the weakest connections' },
    ],
  },
];

export const qualityLabel = (q: AudioQuality): string =>
  QUALITY_TIERS.flatMap((t) => t.levels).find((l) => l.quality === q)?.label ?? q;
