import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { finishSignIn } from '../auth/index.js';
import {
  accountKey,
  Field,
  FormError,
  FormStatus,
  linkButtonClass,
  primaryButtonClass,
  SubmitButton,
  useAccountApi,
  verificationUrl,
  type AccountDetails,
} from '../auth/ui.js';
import { Disclosure } from './settings-section.js';

/** Profile: the account's email, whether it is verified (with a link to send), and changing it. */
export function EmailSettings({ details }: { details: AccountDetails }) {
  const account = useAccountApi();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const sendLink = async () => {
    setSending(true);
    setSendError(null);
    try {
      await (await account()).createVerification(verificationUrl(window.location.origin));
      setSent(`We sent a link to ${details.email}. Open it to verify your email.`);
    } catch (e) {
      setSendError(describeFailure(e).message || "Couldn't send the link");
    } finally {
      setSending(false);
    }
  };

  return (
    <Disclosure
      label="Change email"
      summary={
        <>
          <p className="font-medium">Email</p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            <span className="break-all">{details.email}</span>
            {details.emailVerification ? (
              <span className="inline-flex items-center gap-1 text-green-300">
                <CircleCheck className="size-4" aria-hidden />
                Verified
              </span>
            ) : (
              <span className="text-amber-300">Not verified</span>
            )}
          </p>
          {!details.emailVerification && (
            <button type="button" onClick={() => void sendLink()} disabled={sending} className={`mt-1 ${linkButtonClass} disabled:opacity-60`}>
              {sending ? 'Sending...' : sent ? 'Send the link again' : 'Send verification link'}
            </button>
          )}
          <FormError message={sendError} />
          <FormStatus message={sent} />
        </>
      }
    >
      {(close) => (
        <ChangeEmailForm
          onChanged={async (email) => {
            await queryClient.invalidateQueries({ queryKey: accountKey });
            setSent(null);
            try {
              await finishSignIn(await backend(), queryClient);
            } catch {
              // The card keeps the old address until the next session check.
            }
            toast.success(`Your email is now ${email}`, { duration: TOAST_MS.default });
            close();
          }}
        />
      )}
    </Disclosure>
  );
}

function ChangeEmailForm({ onChanged }: { onChanged: (email: string) => Promise<void> }) {
  const account = useAccountApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email) return setError('Enter the new email');
    if (!password) return setError('Enter your password');
    setBusy(true);
    setError(null);
    try {
      await (await account()).updateEmail(email, password);
      await onChanged(email);
    } catch (err) {
      setError(describeFailure(err).message || "Couldn't change the email");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex max-w-md flex-col gap-3" noValidate>
      <Field label="New email" name="email" type="email" autoFocus autoComplete="email" aria-invalid={error ? true : undefined} />
      <Field label="Current password" name="password" type="password" autoComplete="current-password" aria-invalid={error ? true : undefined} />
      <FormError message={error} />
      <SubmitButton busy={busy} className={`self-start ${primaryButtonClass}`}>
        Save email
      </SubmitButton>
    </form>
  );
}
