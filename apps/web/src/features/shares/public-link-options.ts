import type { SelectOption } from '../../shared/lib/select-options.js';
import type { ShareExpiry } from './share-links-api.js';

/** What the public-link dialog offers: when the link stops working, and the best quality it plays. */
export const EXPIRY_OPTIONS: readonly SelectOption<ShareExpiry | 'date'>[] = [
  { value: 'never', label: 'Never' },
  { value: 'day', label: 'In 1 day' },
  { value: 'week', label: 'In 1 week' },
  { value: 'month', label: 'In 1 month' },
  { value: 'date', label: 'On a date' },
];

/** The quality tiers (Profile's names), highest first; '' is no cap. */
export const CAP_OPTIONS: readonly SelectOption<string>[] = [
  { value: '', label: 'Any quality' },
  { value: '320', label: 'High Definition (320 kbps)' },
  { value: '160', label: 'Standard (160 kbps)' },
  { value: '96', label: 'Basic (96 kbps)' },
  { value: '48', label: 'Low (48 kbps)' },
  { value: '12', label: 'Ultra Low (12 kbps)' },
];

export const KIND_LABEL = { song: 'Song', album: 'Album', playlist: 'Playlist' } as const;

/** A date as the lists show it ('Mar 1, 2026', in the listener's locale). */
export const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Never expires', 'Expires {date}' or 'Expired' (at `now`). */
export function expiryLabel(expires: string | null, now: number = Date.now()): string {
  if (expires === null) return 'Never expires';
  return Date.parse(expires) <= now ? 'Expired' : `Expires ${day(expires)}`;
}

/** 'Made by {sign-in} on {date}' ('a removed account' when the maker's account is gone). */
export function madeLabel(link: { owner: string; created: string }): string {
  return `Made by ${link.owner || 'a removed account'} on ${day(link.created)}`;
}

/** The end of day `date` (yyyy-mm-dd) in the listener's time zone, as the server takes it; null when it is not a date. */
export function endOfDay(date: string): string | null {
  const at = new Date(`${date}T23:59:59`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
