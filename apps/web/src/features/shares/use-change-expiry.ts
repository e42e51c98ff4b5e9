import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import type { ShareExpiry, ShareLinksApi } from './share-links-api.js';
import { useChangeShareExpiry } from './use-share-links.js';

/**
 * Changing a public link's expiry from a list of them (Profile's own, Admin's all): 'Expiry changed' (and
 * `done`, which closes the row's form), or "Couldn't change the expiry"; `changing(id)` while that link's change runs.
 */
export function useChangeExpiry(api: ShareLinksApi) {
  const change = useChangeShareExpiry(api);
  return {
    changeExpiry: (id: string, expires: ShareExpiry, done: () => void) =>
      change.mutate(
        { id, expires },
        {
          onSuccess: () => {
            done();
            toast.success('Expiry changed', { duration: TOAST_MS.default });
          },
          onError: () => toast.error("Couldn't change the expiry", { duration: TOAST_MS.default }),
        },
      ),
    changing: (id: string) => change.isPending && change.variables?.id === id,
  };
}
