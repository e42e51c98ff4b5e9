import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { checkSession } from './session.js';

/** How long start-up waits before asking the backend, so the first screen and audio come first. */
export const SESSION_CHECK_DELAY_MS = 1_500;

/**
 * SPEC#states-session: once per page load, settle who is signed in. A fresh cached user
 * settles it at once; otherwise the backend is asked shortly after start-up.
 */
export function useSessionCheck(): void {
  const backend = useBackend();
  const queryClient = useQueryClient();
  useEffect(() => {
    const t = setTimeout(() => void checkSession(backend, Date.now(), queryClient), SESSION_CHECK_DELAY_MS);
    return () => clearTimeout(t);
  }, [backend, queryClient]);
}
