/**
 * Registers /sw.js (prompt-for-update, never auto-update: SPEC#chrome-service-worker,
 * SPEC#update-modal). `onWaiting` fires when a new version is installed and waiting; the
 * function it receives applies it: skipWaiting, then one reload once the new worker
 * controls the page, or a reload at once when the new version already took over.
 */
export async function registerServiceWorker(onWaiting: (apply: () => void) => void): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', ({ sw }) => {
    onWaiting(() => {
      const reload = () => window.location.reload();
      // Already activating or active (another tab applied it): the page only needs the reload.
      if (sw?.state === 'activating' || sw?.state === 'activated') return reload();
      navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
  // Look for a new version now and then while the app stays open.
  setInterval(() => void wb.update(), 60 * 60 * 1000);
}
