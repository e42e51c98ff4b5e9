/** The longest work put off to an idle moment waits (a page that is never idle still gets it). */
export const IDLE_TIMEOUT_MS = 1_000;

/** Runs `cb` at the page's next idle moment (soon after, where the browser cannot say). */
export function onIdle(cb: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(cb, 16);
}

/** Resolves at the page's next idle moment. */
export const whenIdle = (): Promise<void> => new Promise((resolve) => onIdle(resolve));
