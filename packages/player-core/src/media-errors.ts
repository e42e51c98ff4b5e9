import { PLAYER } from './constants.js';

/** MediaError codes (HTML Living Standard, "Error codes"). */
export const MEDIA_ERR = { ABORTED: 1, NETWORK: 2, DECODE: 3, SRC_NOT_SUPPORTED: 4 } as const;

/** SPEC#errors-media-errors, verbatim. */
export function mediaErrorMessage(code: number | null | undefined): string {
  switch (code) {
    case MEDIA_ERR.ABORTED:
      return 'Playback was aborted';
    case MEDIA_ERR.NETWORK:
      return 'Network error occurred';
    case MEDIA_ERR.DECODE:
      return 'Audio file is corrupted';
    case MEDIA_ERR.SRC_NOT_SUPPORTED:
      return 'Audio format not supported';
    default:
      return 'Unknown error occurred';
  }
}

/** SPEC#chrome-offline-banner, also what the player says when a song cannot load offline. */
export const OFFLINE_MESSAGE = 'You are offline. Reconnecting...';

/**
 * What to do about a media error after `networkRetries` retries so far:
 * SPEC#states-player retries a network error up to 3 times with a growing delay
 * (1 s, 2 s, 3 s); anything else, or a fourth network error, stops playback.
 * Offline, any error is the network's, whatever code the browser gives (a
 * source that never loaded reports "format not supported"): playback stops
 * with the offline words and resumes when the device is back online.
 */
export function mediaErrorAction(
  code: number | null | undefined,
  networkRetries: number,
  online = true,
): { kind: 'retry'; delayMs: number } | { kind: 'stop' | 'offline'; message: string } {
  if (!online) return { kind: 'offline', message: OFFLINE_MESSAGE };
  if (code === MEDIA_ERR.NETWORK && networkRetries < PLAYER.NETWORK_RETRIES) {
    return { kind: 'retry', delayMs: (networkRetries + 1) * PLAYER.NETWORK_RETRY_STEP_MS };
  }
  return { kind: 'stop', message: mediaErrorMessage(code) };
}
