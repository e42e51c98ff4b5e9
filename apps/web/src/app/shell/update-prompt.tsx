import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { registerServiceWorker } from './service-worker.js';

const UpdateModal = lazy(() => import('./update-modal.js').then((m) => ({ default: m.UpdateModal })));

/** SPEC#chrome-service-worker, SPEC#states-update, SPEC#limits-toast-durations: when a new version waits, the Update modal and a 4000 ms toast appear. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const start = () =>
      void registerServiceWorker((applyUpdate) => {
        setApply(() => applyUpdate);
        setOpen(true);
        toast('A new version of Lyra is ready', { duration: TOAST_MS.update });
      }).catch(() => {
        // No service worker (private mode, insecure origin): the app still works online.
      });
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);

  if (!apply) return null;
  return (
    <Suspense fallback={null}>
      <UpdateModal open={open} onOpenChange={setOpen} onUpdate={apply} />
    </Suspense>
  );
}
