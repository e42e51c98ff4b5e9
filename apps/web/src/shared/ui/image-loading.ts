/**
 * How a picture loads: one on the first screen (`priority`) loads at once and ahead of others;
 * the rest wait until they come near the screen. Decoding never holds up the page.
 */
export function imageLoading(priority: boolean): { loading: 'eager' | 'lazy'; decoding: 'async'; fetchPriority?: 'high' } {
  return priority ? { loading: 'eager', decoding: 'async', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' };
}
