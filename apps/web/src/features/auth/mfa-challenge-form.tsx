import { useRef, useState, type FormEvent } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useAccountApi } from './account-api.js';
import { codeFailureMessage } from './failure-messages.js';
import { Field, FormError, linkButtonClass, SubmitButton } from './form-ui.js';
import { cleanCode, codeProblem, type CodeKind } from './password-rules.js';

/**
 * Sign-in's second step for an account with two-factor on: a code from the
 * authenticator app, or one of the recovery codes. A challenge is made for
 * the chosen factor and completed with the code; `onDone` then finishes the
 * sign-in.
 */
export function MfaChallengeForm({ onDone }: { onDone: () => Promise<void> }) {
  const account = useAccountApi();
  const [kind, setKind] = useState<CodeKind>('totp');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const challenge = useRef<{ kind: CodeKind; id: string } | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '');
    const problem = codeProblem(code, kind);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const api = await account();
      const attempt = async () => {
        if (challenge.current?.kind !== kind) challenge.current = { kind, id: await api.createChallenge(kind) };
        await api.completeChallenge(challenge.current.id, cleanCode(code, kind));
      };
      try {
        await attempt();
      } catch (err) {
        // The challenge may have expired or been used up: one more try with a fresh one.
        if (describeFailure(err).code !== 404) throw err;
        challenge.current = null;
        await attempt();
      }
      await onDone();
    } catch (err) {
      setError(codeFailureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const totp = kind === 'totp';
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3" noValidate>
      <p className="text-sm text-muted">
        {totp ? 'Two-factor is on for this account. Enter the 6-digit code from your authenticator app.' : 'Enter one of the recovery codes you saved when you turned on two-factor. Each works once.'}
      </p>
      <Field
        key={kind}
        label={totp ? 'Authentication code' : 'Recovery code'}
        name="code"
        autoFocus
        autoComplete="one-time-code"
        inputMode={totp ? 'numeric' : 'text'}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>Verify</SubmitButton>
      <button
        type="button"
        onClick={() => {
          setKind(totp ? 'recoveryCode' : 'totp');
          setError(null);
        }}
        className={linkButtonClass}
      >
        {totp ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
      </button>
    </form>
  );
}
