/**
 * SPEC#validation-video-request, SPEC#limits-video-requests: at most 3 video requests per user in any rolling 24 hours.
 * Pure: given the user's request times inside the window, says whether one
 * more is allowed and, if not, in how many whole hours it will be.
 */
export const VIDEO_REQUESTS_PER_DAY = 3;
export const VIDEO_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type VideoRequestVerdict = { allowed: true; remaining: number } | { allowed: false; retryInHours: number; retryAfterMs: number };

export function checkVideoRequestLimit(requestTimesMs: readonly number[], nowMs: number): VideoRequestVerdict {
  const inWindow = requestTimesMs.filter((t) => t > nowMs - VIDEO_REQUEST_WINDOW_MS).sort((a, b) => a - b);
  if (inWindow.length < VIDEO_REQUESTS_PER_DAY) {
    return { allowed: true, remaining: VIDEO_REQUESTS_PER_DAY - inWindow.length - 1 };
  }
  // A slot frees when the oldest request that keeps the count at the limit leaves the window.
  const freesAt = inWindow[inWindow.length - VIDEO_REQUESTS_PER_DAY]! + VIDEO_REQUEST_WINDOW_MS;
  return { allowed: false, retryInHours: Math.max(1, Math.ceil((freesAt - nowMs) / HOUR_MS)), retryAfterMs: freesAt - nowMs };
}

/** SPEC#errors-video's toast text, which the server sends as its error message. */
export const videoRateLimitMessage = (hours: number) =>
  `Rate limit exceeded. You can request ${VIDEO_REQUESTS_PER_DAY} videos per day. Try again in ${hours} hour(s).`;
