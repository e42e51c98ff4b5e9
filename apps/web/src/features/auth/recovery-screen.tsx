import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAccountApi } from './account-api.js';
import { linkExpired, readLinkParams } from './account-links.js';
import { AccountPage } from './account-page.js';
import { Field, FormError, primaryButtonClass, SubmitButton } from './form-ui.js';
import { linkFailureMessage } from './failure-messages.js';
import { newPasswordProblem, PASSWORD_MIN } from './password-rules.js';

const ASK_AGAIN = 'Ask for a new one with "Forgot password?" on the sign-in screen.';

/**
 * /recovery: where the password-recovery mail's link lands (userId, secret,
 * expire in the query). The listener chooses a new password; every session
 * signed in with the old one stays as the backend decides.
 */
export function RecoveryScreen() {
  const [params] = useSearchParams();
  const account = useAccountApi();
  const link = readLinkParams(params);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  if (!link || linkExpired(link, Date.now())) {
    return (
      <AccountPage title="Reset your password">
        <p role="alert">{link ? `This link has expired. ${ASK_AGAIN}` : `This link is incomplete. ${ASK_AGAIN}`}</p>
        <Link to="/profile" className={`self-start ${primaryButtonClass}`}>
          Go to sign in
        </Link>
      </AccountPage>
    );
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    const problem = newPasswordProblem(password, String(form.get('confirm') ?? ''));
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await (await account()).updateRecovery(link.userId, link.secret, password);
      setDone(true);
      requestAnimationFrame(() => heading.current?.focus());
    } catch (err) {
      setError(linkFailureMessage(err, ASK_AGAIN));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AccountPage title="Password changed" headingRef={heading}>
        <p role="status">Your password is changed. Sign in with your new password.</p>
        <Link to="/profile" className={`self-start ${primaryButtonClass}`}>
          Go to sign in
        </Link>
      </AccountPage>
    );
  }

  return (
    <AccountPage title="Choose a new password">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-2xl bg-panel p-4" noValidate>
        <Field label="New password" name="password" type="password" autoFocus autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} aria-invalid={error ? true : undefined} />
        <Field label="Repeat new password" name="confirm" type="password" autoComplete="new-password" aria-invalid={error ? true : undefined} />
        <FormError message={error} />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
      </form>
    </AccountPage>
  );
}
