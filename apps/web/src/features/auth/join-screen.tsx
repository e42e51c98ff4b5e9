import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { EmailSignInDialog } from './email-sign-in-dialog.js';
import { primaryButtonClass } from './form-ui.js';
import { callbackUrl } from './sign-in-button.js';
import { useSessionUser } from './session-store.js';

/** The web app's words for an invitation link without its secret (the server's own refusals are shown as it words them). */
export const NO_INVITATION = "This invitation link is not valid. Ask the server's owner for a new one.";

/** The message of a provider sign-in's refusal (`error` of the failure URL, backend-api.md §3), if any. */
function providerRefusal(params: URLSearchParams): string | null {
  try {
    const error = JSON.parse(params.get('error') ?? 'null') as { message?: unknown } | null;
    return typeof error?.message === 'string' ? error.message : null;
  } catch {
    return null;
  }
}

/**
 * /join?invitation=…: where an administrator's invitation link lands (SPEC
 * §2 Join). The sign-up opens at once with the invitation (unless a sign-in
 * provider is configured: then 'Continue with Google' sits beside it, and
 * carries the invitation to the provider and back); once the account is made
 * and signed in, the listener goes Home. An expired, used-up or forged
 * invitation is refused by the server, whose message is shown (a provider's
 * refusal comes back here as the flow's failure URL).
 */
export function JoinScreen() {
  const [params] = useSearchParams();
  const invitation = params.get('invitation') ?? '';
  const refusal = providerRefusal(params);
  const user = useSessionUser();
  const navigate = useNavigate();
  const backend = useBackend();
  const { signIn } = useClientConfig();
  const provider = signIn.google ? 'google' : signIn.oidc ? 'oidc' : null;
  const [open, setOpen] = useState(invitation !== '' && provider === null && refusal === null);

  useEffect(() => {
    if (user) void navigate('/', { replace: true });
  }, [user, navigate]);

  const continueWithProvider = async () => {
    if (!provider) return;
    const here = new URL('/join', window.location.origin);
    here.searchParams.set('invitation', invitation);
    (await backend()).startOAuth(provider, callbackUrl(window.location.origin), here.toString(), invitation);
  };

  return (
    <section className="flex flex-col items-center gap-5 px-2 pt-8 text-center">
      <h1 className="text-2xl font-bold">You're invited to listen on this server</h1>
      {invitation === '' ? (
        <p role="alert" className="text-sm text-red-300">
          {NO_INVITATION}
        </p>
      ) : (
        <>
          {refusal && (
            <p role="alert" className="text-sm text-red-300">
              {refusal}
            </p>
          )}
          <p className="text-sm text-muted">Make your account with your email and a password.</p>
          {provider && (
            <button type="button" onClick={() => void continueWithProvider()} className={primaryButtonClass}>
              {provider === 'google' ? 'Continue with Google' : 'Continue with your sign-in provider'}
            </button>
          )}
          <button type="button" onClick={() => setOpen(true)} className={primaryButtonClass}>
            Create account
          </button>
          <EmailSignInDialog open={open} onOpenChange={setOpen} initialMode="signUp" invitation={invitation} />
        </>
      )}
      <Link to="/profile" className="text-sm text-accent-text hover:underline">
        I already have an account
      </Link>
    </section>
  );
}
