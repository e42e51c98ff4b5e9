import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { signInWithEmail } from './session.js';

const field = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-white placeholder:text-muted focus:border-accent focus:outline-none';

/**
 * Email and password sign-in and sign-up (DESIGN §6), for installs without
 * an OAuth provider. The backend's own message is shown when it refuses
 * (wrong password, taken email, password under 8 characters).
 */
export function EmailSignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [signUp, setSignUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '');
    setBusy(true);
    setError(null);
    try {
      await signInWithEmail(await backend(), { email: text('email').trim(), password: text('password'), name: text('name'), signUp }, queryClient);
      onOpenChange(false);
    } catch (err) {
      setError(describeFailure(err).message || 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };

  const title = signUp ? 'Create account' : 'Sign in';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-panel p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {signUp ? 'Make an account on this server with your email.' : 'Sign in with your email and password.'}
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3">
            {signUp && (
              <label className="flex flex-col gap-1 text-sm">
                Name
                <input name="name" autoComplete="name" className={field} />
              </label>
            )}
            <label className="flex flex-col gap-1 text-sm">
              Email
              <input name="email" type="email" required autoComplete="email" className={field} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Password
              <input name="password" type="password" required minLength={8} autoComplete={signUp ? 'new-password' : 'current-password'} className={field} />
            </label>
            {error && (
              <p role="alert" className="text-sm text-red-300">
                {error}
              </p>
            )}
            <button type="submit" disabled={busy} className="mt-1 flex items-center justify-center gap-2 rounded-full bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60">
              {busy && <Spinner className="size-4" />}
              {title}
            </button>
            <button type="button" onClick={() => { setSignUp(!signUp); setError(null); }} className="text-sm text-accent-text hover:underline">
              {signUp ? 'I already have an account' : 'Create an account'}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
