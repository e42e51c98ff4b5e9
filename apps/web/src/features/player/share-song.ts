import type { Song } from '@lyra/contracts/catalogue';
import { copyText } from '../../shared/lib/clipboard.js';
import { primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';

export type ShareOutcome = 'shared' | 'cancelled' | 'link-copied' | 'details-copied' | 'failed';

/** SPEC#errors-share toasts, by outcome. */
export const SHARE_MESSAGES: Partial<Record<ShareOutcome, string>> = {
  shared: 'Song shared successfully!',
  'link-copied': 'Link copied to clipboard',
  'details-copied': 'Song details copied to clipboard',
};

/** The address that opens the song, paused, on any install of the app (SPEC#player-optional-query-parameter `?share`). */
export const shareUrl = (origin: string, songId: string): string => `${origin}/player/${encodeURIComponent(songId)}?share=true`;

/**
 * SPEC#errors-share: the native share sheet when there is one; when it fails for any
 * reason but the listener cancelling, the link is copied instead; without a
 * share sheet the song's details and link are copied.
 */
export async function shareSong(
  song: Song,
  deps: { share?: (data: ShareData) => Promise<void>; copy?: (text: string) => Promise<boolean>; origin: string },
): Promise<ShareOutcome> {
  const copy = deps.copy ?? copyText;
  const url = shareUrl(deps.origin, song.id);
  const title = songTitle(song);
  const text = `${title} by ${primaryArtistNames(song)}`;
  if (deps.share) {
    try {
      await deps.share({ title, text, url });
      return 'shared';
    } catch (e) {
      if (e instanceof Error && e.name === 'AbortError') return 'cancelled';
      return (await copy(url)) ? 'link-copied' : 'failed';
    }
  }
  return (await copy(`${text}\n${url}`)) ? 'details-copied' : 'failed';
}

/** Shares from the page (its address, the browser's share sheet when there is one) and says how it went (SPEC#errors-share). */
export async function shareFromPage(song: Song, toastSuccess: (message: string) => void): Promise<void> {
  const outcome = await shareSong(song, {
    origin: window.location.origin,
    ...(typeof navigator.share === 'function' ? { share: (d: ShareData) => navigator.share(d) } : {}),
  });
  const message = SHARE_MESSAGES[outcome];
  if (message) toastSuccess(message);
}
