/**
 * Registers /sw.js (prompt-for-update, never auto-update: SPEC#chrome-service-worker,
 * SPEC#update-modal). `onWaiting` fires when a new version is installed and waiting; the
 * function it receives applies it (skipWaiting, then one reload once the new
 * worker controls the page).
 */
export async function registerServiceWorker(onWaiting: (apply: () => void) => void): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
  // Look for a new version now and then while the app stays open.
  setInterval(() => void wb.update(), 60 * 60 * 1000);
}
