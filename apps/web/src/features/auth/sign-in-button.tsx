import { useState } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { readText, removeKey, session } from '../../shared/lib/storage.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { EmailSignInDialog } from './email-sign-in-dialog.js';
import { FACTORS_PENDING_KEY } from './session.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** DESIGN §8: the token flow returns to /callback on success and on failure alike. */
export const callbackUrl = (origin: string): string => `${origin}/callback`;

/**
 * The Profile sign-in button (SPEC#profile-signed-out). With Google (or another OpenID
 * Connect issuer) configured it runs the OAuth token flow; without one the
 * same button offers email and password (DESIGN §6). A sign-in through
 * /callback (provider or mailed link) that still needs its two-factor code
 * lands here, and the code is asked for at once.
 */
export function SignInButton() {
  const config = useClientConfig();
  const backend = useBackend();
  const [emailOpen, setEmailOpen] = useState(false);
  const [factorsPending, setFactorsPending] = useState(() => readText(session(), FACTORS_PENDING_KEY) === '1');
  const provider = config.signIn.google ? 'google' : config.signIn.oidc ? 'oidc' : null;

  const click = async () => {
    if (!provider) return setEmailOpen(true);
    try {
      const api = await backend();
      api.startOAuth(provider, callbackUrl(window.location.origin), callbackUrl(window.location.origin));
    } catch (e) {
      // SPEC#errors-sign-in-failures-logged: Google login failures are only logged.
      console.error('Login failed:', describeFailure(e).message);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void click()} className={accentButton('px-6 py-2.5 hover:brightness-110')}>
        {provider === 'google' ? 'Login with Google' : 'Login'}
      </button>
      {!provider && !factorsPending && <EmailSignInDialog open={emailOpen} onOpenChange={setEmailOpen} />}
      {factorsPending && (
        <EmailSignInDialog
          open
          initialMode="mfa"
          onOpenChange={() => {
            removeKey(session(), FACTORS_PENDING_KEY);
            setFactorsPending(false);
          }}
        />
      )}
    </>
  );
}
