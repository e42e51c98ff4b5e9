import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { finishSignIn } from '../auth/index.js';
import {
  accountKey,
  FormError,
  FormStatus,
  linkButtonClass,
  verificationUrl,
  type AccountDetails,
} from '../auth/ui.js';
import { ChangeForm } from './change-form.js';
import { Disclosure } from './settings-section.js';
import { useAccountAction } from './use-account-action.js';

/** Profile: the account's email, whether it is verified (with a link to send), and changing it. */
export function EmailSettings({ details }: { details: AccountDetails }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const { busy: sending, error: sendError, run } = useAccountAction();

  const sendLink = () =>
    run(async (api) => {
      await api.createVerification(verificationUrl(window.location.origin));
      setSent(`We sent a link to ${details.email}. Open it to verify your email.`);
    }, "Couldn't send the link");

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
  const { busy, error, setError, run } = useAccountAction();

  const submit = async (form: FormData) => {
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email) return setError('Enter the new email');
    if (!password) return setError('Enter your password');
    await run(async (api) => {
      await api.updateEmail(email, password);
      await onChanged(email);
    }, "Couldn't change the email");
  };

  return (
    <ChangeForm
      fields={[
        { label: 'New email', name: 'email', type: 'email', autoFocus: true, autoComplete: 'email' },
        { label: 'Current password', name: 'password', type: 'password', autoComplete: 'current-password' },
      ]}
      busy={busy}
      error={error}
      submitLabel="Save email"
      onSubmit={submit}
    />
  );
}
