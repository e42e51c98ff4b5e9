import type { Engine } from '../../../test/db.js';
import { useServerWithUsers } from './fixtures.js';

/**
 * The server of the account and session tests (pages on http://app.example.com
 * allowed), with fresh signed-in users (`signedIn`, users `User <n>`) and raw requests.
 */
export function useAccountsServer(engine: Engine) {
  const { s, signedIn } = useServerWithUsers(engine, 'User', { ALLOWED_ORIGINS: 'http://app.example.com' });
  return {
    s,
    signedIn,
    /** A raw request, as the SDK would send it (for what the SDK refuses to send itself). */
    raw: (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
      fetch(`${s.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
      }),
  };
}
