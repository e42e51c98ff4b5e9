import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import {
  accountKey,
  Field,
  FormError,
  newPasswordProblem,
  PASSWORD_MIN,
  primaryButtonClass,
  SubmitButton,
  useAccountApi,
} from '../auth/ui.js';
import { Disclosure } from './settings-section.js';

/** Profile: changing the password (the current one, then the new one twice). */
export function PasswordSettings() {
  return (
    <Disclosure
      label="Change password"
      summary={
        <>
          <p className="font-medium">Password</p>
          <p className="text-sm text-muted">Used to sign in with your email.</p>
        </>
      }
    >
      {(close) => <ChangePasswordForm onChanged={close} />}
    </Disclosure>
  );
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const account = useAccountApi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const oldPassword = String(form.get('oldPassword') ?? '');
    const password = String(form.get('password') ?? '');
    if (!oldPassword) return setError('Enter your current password');
    const problem = newPasswordProblem(password, String(form.get('confirm') ?? ''));
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await (await account()).updatePassword(password, oldPassword);
      toast.success('Password changed', { duration: TOAST_MS.default });
      void queryClient.invalidateQueries({ queryKey: accountKey });
      onChanged();
    } catch (err) {
      setError(describeFailure(err).message || "Couldn't change the password");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex max-w-md flex-col gap-3" noValidate>
      <Field label="Current password" name="oldPassword" type="password" autoFocus autoComplete="current-password" aria-invalid={error ? true : undefined} />
      <Field label="New password" name="password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} aria-invalid={error ? true : undefined} />
      <Field label="Repeat new password" name="confirm" type="password" autoComplete="new-password" aria-invalid={error ? true : undefined} />
      <FormError message={error} />
      <SubmitButton busy={busy} className={`self-start ${primaryButtonClass}`}>
        Save password
      </SubmitButton>
    </form>
  );
}
