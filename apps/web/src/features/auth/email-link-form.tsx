import { useState, type FormEvent } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { Field, FormError, FormStatus, SubmitButton } from './form-ui.js';

/**
 * One email field that asks the backend to mail a link (password recovery,
 * a sign-in link). `send` does the call; `sent` is what the listener reads
 * afterwards. A 404 (no such account) reads the same as a success, so the
 * form does not tell who has an account here.
 */
export function EmailLinkForm({ intro, button, sent, send }: { intro: string; button: string; sent: (email: string) => string; send: (email: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!email) return setError('Enter your email');
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await send(email);
      setDone(sent(email));
    } catch (err) {
      const f = describeFailure(err);
      if (f.code === 404) setDone(sent(email));
      else setError(f.message || "Couldn't send the mail");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3">
      <p className="text-sm text-muted">{intro}</p>
      <Field label="Email" name="email" type="email" required autoFocus autoComplete="email" aria-invalid={error ? true : undefined} />
      <FormError message={error} />
      <FormStatus message={done} />
      <SubmitButton busy={busy}>{button}</SubmitButton>
    </form>
  );
}
