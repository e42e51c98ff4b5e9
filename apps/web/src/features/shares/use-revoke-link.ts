import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import type { ShareLinksApi } from './share-links-api.js';
import { useRevokeShareLink } from './use-share-links.js';

/**
 * Revoking a public link from a list of them (Profile's own, Admin's all): 'Public link revoked', or
 * "Couldn't revoke the link"; `revoking(id)` while that link's revocation runs.
 */
export function useRevokeLink(api: ShareLinksApi) {
  const revoke = useRevokeShareLink(api);
  return {
    revoke: (id: string) =>
      revoke.mutate(id, {
        onSuccess: () => toast('Public link revoked', { duration: TOAST_MS.default }),
        onError: () => toast.error("Couldn't revoke the link", { duration: TOAST_MS.default }),
      }),
    revoking: (id: string) => revoke.isPending && revoke.variables === id,
  };
}
