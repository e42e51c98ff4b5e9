import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readCallbackParams } from '../../features/auth/callback-params.js';
import { completeOAuth } from '../../features/auth/session.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';

/**
 * SPEC#callback-shows-logging-userid Callback: 'Logging in...'. With userId and secret the session is
 * created and the listener lands on /; without them, or on failure, on
 * /profile (DESIGN §8: the OAuth success and failure URLs are both here).
 */
export function CallbackRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // The secret is single-use: one attempt per visit, even when effects run twice.
    if (started.current) return;
    started.current = true;
    const credentials = readCallbackParams(params);
    if (!credentials) {
      void navigate('/profile', { replace: true });
      return;
    }
    void (async () => {
      try {
        await completeOAuth(await backend(), credentials.userId, credentials.secret, queryClient);
        void navigate('/', { replace: true });
      } catch (e) {
        console.error('Login failed:', describeFailure(e).message);
        void navigate('/profile', { replace: true });
      }
    })();
  }, [params, navigate, backend, queryClient]);

  return <p className="p-6 text-center text-muted">Logging in...</p>;
}
