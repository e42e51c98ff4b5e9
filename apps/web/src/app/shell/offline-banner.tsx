import { WifiOff, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOnlineStatus } from './use-online-status.js';

/** SPEC#chrome-offline-banner: 'You are offline. Reconnecting...' with a dismiss button. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (online) setDismissed(false);
  }, [online]);
  if (online || dismissed) return null;
  return (
    <div role="status" className="fixed inset-x-3 top-2 z-50 mx-auto flex max-w-xl items-center gap-3 rounded-xl bg-amber-300 p-3 text-sm font-medium text-black">
      <WifiOff className="size-5 shrink-0" aria-hidden />
      <p className="flex-1">You are offline. Reconnecting...</p>
      <button type="button" onClick={() => setDismissed(true)} aria-label="Dismiss" className="grid size-8 place-items-center rounded-full hover:bg-black/10">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
