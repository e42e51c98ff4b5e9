/**
 * SPEC#validation-callback-needs-both "Callback needs both userId and secret" (the OAuth token flow
 * appends them to the success URL, backend-api.md §3). Anything else,
 * including the failure redirect's `error`, means no session.
 */
export function readCallbackParams(search: string | URLSearchParams): { userId: string; secret: string } | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const userId = params.get('userId')?.trim() ?? '';
  const secret = params.get('secret')?.trim() ?? '';
  return userId && secret ? { userId, secret } : null;
}
