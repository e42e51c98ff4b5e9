import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useCatalogue, useClientConfig } from '../../shared/lib/catalogue-context.js';
import { useSessionStore } from '../auth/index.js';

/**
 * For a signed-in listener, this open app is one of their devices (SPEC#devices-signed-every-open):
 * presence.ts, fetched once someone is signed in, reports it, hears
 * the others and carries out what they send.
 */
export function useDevicePresence(): void {
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const catalogue = useCatalogue();
  const { backendEndpoint, projectId } = useClientConfig();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./presence.js').then(({ startPresence }) => {
      if (!cancelled) stop = startPresence({ backend, catalogue, queryClient, config: { backendEndpoint, projectId } });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, backend, catalogue, queryClient, backendEndpoint, projectId]);
}
