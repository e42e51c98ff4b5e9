/**
 * Where a source load starts. Our server's media addresses (`/media/<id>/<tier>.mp4`)
 * take `?timeOffset=<seconds>`: during a song's first transcode the server
 * then streams from there, carrying the song's own times, so the element's
 * `currentTime` reads the position in the song. On a cached tier the server
 * ignores it and the engine seeks in the file. Other hosts' addresses
 * (public mirrors) are left alone; the engine seeks in them as before.
 */
export function withTimeOffset(url: string, positionS: number): string {
  if (positionS < 1) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return url;
  }
  if (!parsed.pathname.startsWith('/media/')) return url;
  parsed.searchParams.set('timeOffset', positionS.toFixed(1));
  return parsed.origin === 'http://relative.invalid' ? parsed.pathname + parsed.search : parsed.href;
}

/** The part of TimeRanges the engine reads. */
export interface Ranges {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/**
 * True when the element can jump to `positionS` itself: a file served with
 * Range is seekable over its whole length; a live transcode (no Range) is
 * seekable nowhere past its start, so reaching a later point takes a new
 * load at an offset.
 */
export function canSeekTo(seekable: Ranges, positionS: number): boolean {
  for (let i = 0; i < seekable.length; i++) {
    if (seekable.start(i) <= positionS && positionS <= seekable.end(i) && seekable.end(i) > 0) return true;
  }
  return false;
}

/** How far the element may be from where it was asked to start and still count as there. */
export const ARRIVED_TOLERANCE_S = 2;
