import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useAccountApi } from './account-api.js';
import { magicLinkUrl, recoveryUrl } from './account-links.js';
import { EmailLinkForm } from './email-link-form.js';
import { isMoreFactorsRequired } from './failure-messages.js';
import { Field, FormError, linkButtonClass, primaryButtonClass, SubmitButton } from './form-ui.js';
import { MfaChallengeForm } from './mfa-challenge-form.js';
import { finishSignIn, signInWithEmail } from './session.js';
import { useSignUpOffer } from './sign-up-offer.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';

export type Mode = 'signIn' | 'signUp' | 'forgot' | 'link' | 'mfa';

const TITLES: Record<Mode, string> = {
  signIn: 'Sign in',
  signUp: 'Create account',
  forgot: 'Reset your password',
  link: 'Sign in with an email link',
  mfa: 'Two-factor check',
};

/**
 * Email and password sign-in and sign-up (DESIGN §6), for installs without
 * an OAuth provider. The backend's own message is shown when it refuses
 * (wrong password, taken email, password under 8 characters). From here a
 * listener can also ask for a password reset or a sign-in link by mail, and
 * an account with two-factor on is asked for its code before it is in.
 * "Create an account" is offered only where a sign-up can succeed: not on a
 * server that takes no new accounts (SIGNUPS=closed), and on one that takes
 * invited ones (SIGNUPS=invite) only with the `invitation` of the link that
 * opened it (/join), which the sign-up carries, or while the server has no
 * account yet (its first one needs none: read again as the dialog opens, and
 * after a refused sign-up, which then gives way to the sign-in). With an
 * invitation, a sign-in link by mail (no password) carries it too.
 */
export function EmailSignInDialog({
  open,
  onOpenChange,
  initialMode = 'signIn',
  invitation,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMode?: Mode;
  invitation?: string;
}) {
  const backend = useBackend();
  const account = useAccountApi();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signUp = mode === 'signUp';
  const offer = useSignUpOffer(open, invitation);
  const origin = window.location.origin;

  const go = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  const close = (next: boolean) => {
    if (!next && mode === 'mfa') {
      // A half-done sign-in leaves a limited session behind: end it.
      void backend().then((api) => api.deleteCurrentSession()).catch(() => {});
      go('signIn');
    }
    onOpenChange(next);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '');
    setBusy(true);
    setError(null);
    try {
      await signInWithEmail(await backend(), { email: text('email').trim(), password: text('password'), name: text('name'), signUp, invitation }, queryClient);
      onOpenChange(false);
    } catch (err) {
      if (isMoreFactorsRequired(err)) go('mfa');
      else {
        setError(describeFailure(err).message || 'Sign-in failed');
        // Someone else may have made the server's first account since this tab was told it had none.
        if (signUp && !(await offer.recheck())) setMode('signIn');
      }
    } finally {
      setBusy(false);
    }
  };

  const title = TITLES[mode];
  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content className={dialogPanel('max-h-[92dvh] w-[min(92vw,24rem)] overflow-y-auto')}>
          <Dialog.Title className={DIALOG_TITLE}>{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {mode === 'signUp'
              ? 'Make an account on this server with your email.'
              : mode === 'signIn'
                ? 'Sign in with your email and password.'
                : mode === 'mfa'
                  ? 'One more step to sign in.'
                  : 'We will mail you a link.'}
          </Dialog.Description>
          {mode === 'mfa' && (
            <MfaChallengeForm
              onDone={async () => {
                await finishSignIn(await backend(), queryClient);
                go('signIn');
                onOpenChange(false);
              }}
            />
          )}
          {mode === 'forgot' && (
            <EmailLinkForm
              intro="Enter the email of your account and we will send you a link to choose a new password."
              button="Send reset link"
              sent={(email) => `If an account uses ${email}, a link to reset its password is on its way. Check your inbox.`}
              send={async (email) => (await account()).createRecovery(email, recoveryUrl(origin))}
            />
          )}
          {mode === 'link' && (
            <EmailLinkForm
              intro="Enter your email and we will send you a link that signs you in, no password needed."
              button="Send sign-in link"
              sent={(email) => `A sign-in link is on its way to ${email}. Open it on this device.`}
              send={async (email) => {
                const api = await account();
                await (invitation ? api.createMagicUrlToken(email, magicLinkUrl(origin), invitation) : api.createMagicUrlToken(email, magicLinkUrl(origin)));
              }}
            />
          )}
          {(mode === 'signIn' || mode === 'signUp') && (
            <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3">
              {signUp && <Field label="Name" name="name" autoComplete="name" />}
              <Field label="Email" name="email" type="email" required autoComplete="email" />
              <Field label="Password" name="password" type="password" required minLength={8} autoComplete={signUp ? 'new-password' : 'current-password'} />
              <FormError message={error} />
              <SubmitButton busy={busy} className={`mt-1 ${primaryButtonClass}`}>
                {title}
              </SubmitButton>
              {signUp && invitation && (
                <button type="button" onClick={() => go('link')} className={linkButtonClass}>
                  Email me a sign-in link instead
                </button>
              )}
              {!signUp && (
                <div className="flex flex-wrap justify-between gap-2">
                  <button type="button" onClick={() => go('forgot')} className={linkButtonClass}>
                    Forgot password?
                  </button>
                  <button type="button" onClick={() => go('link')} className={linkButtonClass}>
                    Email me a sign-in link
                  </button>
                </div>
              )}
              {(signUp || offer.possible) && (
                <button type="button" onClick={() => go(signUp ? 'signIn' : 'signUp')} className={linkButtonClass}>
                  {signUp ? 'I already have an account' : 'Create an account'}
                </button>
              )}
            </form>
          )}
          {(mode === 'forgot' || mode === 'link') && (
            <button type="button" onClick={() => go('signIn')} className={`mt-3 w-full ${linkButtonClass}`}>
              Back to sign in
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
