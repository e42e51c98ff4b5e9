import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { accountKey, newPasswordProblem, PASSWORD_MIN } from '../auth/ui.js';
import { ChangeForm } from './change-form.js';
import { Disclosure } from './settings-section.js';
import { useAccountAction } from './use-account-action.js';

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
  const queryClient = useQueryClient();
  const { busy, error, setError, run } = useAccountAction();

  const submit = async (form: FormData) => {
    const oldPassword = String(form.get('oldPassword') ?? '');
    const password = String(form.get('password') ?? '');
    if (!oldPassword) return setError('Enter your current password');
    const problem = newPasswordProblem(password, String(form.get('confirm') ?? ''));
    if (problem) return setError(problem);
    await run(async (api) => {
      await api.updatePassword(password, oldPassword);
      toast.success('Password changed', { duration: TOAST_MS.default });
      void queryClient.invalidateQueries({ queryKey: accountKey });
      onChanged();
    }, "Couldn't change the password");
  };

  return (
    <ChangeForm
      fields={[
        { label: 'Current password', name: 'oldPassword', type: 'password', autoFocus: true, autoComplete: 'current-password' },
        { label: 'New password', name: 'password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN} characters.` },
        { label: 'Repeat new password', name: 'confirm', type: 'password', autoComplete: 'new-password' },
      ]}
      busy={busy}
      error={error}
      submitLabel="Save password"
      onSubmit={submit}
    />
  );
}
