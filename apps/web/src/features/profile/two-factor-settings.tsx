import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import {
  accountKey,
  cleanCode,
  codeFailureMessage,
  codeProblem,
  Field,
  FormError,
  primaryButtonClass,
  secondaryButtonClass,
  SubmitButton,
  type AccountApi,
  type AccountDetails,
} from '../auth/ui.js';
import { CopyButton } from './copy-button.js';
import { QrCode } from './qr-code.js';
import { RecoveryCodes } from './recovery-codes.js';
import { useAccountAction } from './use-account-action.js';
import { groupKey } from './totp-key.js';

type Step = { kind: 'idle' } | { kind: 'setup'; secret: string; uri: string } | { kind: 'codes'; codes: string[] } | { kind: 'confirmOff' };

/** `first()`, or `instead()` when the backend answers that something is left from before (409). */
async function onConflict<T>(first: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
  try {
    return await first();
  } catch (e) {
    if (describeFailure(e).code !== 409) throw e;
    return instead();
  }
}

/** A new authenticator; one left over from an unfinished set-up is replaced. */
const newAuthenticator = (api: AccountApi) =>
  onConflict(
    () => api.addTotp(),
    async () => {
      await api.removeTotp();
      return api.addTotp();
    },
  );

/** The first recovery codes, or fresh ones when some are left from before. */
const recoveryCodes = (api: AccountApi) => onConflict(() => api.createRecoveryCodes(), () => api.regenerateRecoveryCodes());

/**
 * Profile: two-factor sign-in with an authenticator app (TOTP). Turning it on
 * shows a QR code of the secret's otpauth:// address (and the key to type),
 * asks for a code to confirm, then shows the recovery codes once.
 */
export function TwoFactorSettings({ details }: { details: AccountDetails }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const { busy, error, setError, run } = useAccountAction();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKey });

  const start = () =>
    run(async (api) => {
      const { secret, uri } = await newAuthenticator(api);
      setStep({ kind: 'setup', secret, uri });
    }, "Couldn't start two-factor set-up");

  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '');
    const problem = codeProblem(code, 'totp');
    if (problem) return setError(problem);
    await run(async (api) => {
      await api.verifyTotp(cleanCode(code, 'totp'));
      const codes = await recoveryCodes(api);
      await api.setMfa(true);
      await refresh();
      setStep({ kind: 'codes', codes });
      toast.success('Two-factor is on', { duration: TOAST_MS.default });
    }, codeFailureMessage);
  };

  const cancelSetup = () =>
    run(async (api) => {
      await api.removeTotp().catch(() => {});
      setStep({ kind: 'idle' });
    }, "Couldn't cancel");

  const turnOff = () =>
    run(async (api) => {
      await api.setMfa(false);
      await api.removeTotp().catch((e: unknown) => {
        if (describeFailure(e).code !== 404) throw e;
      });
      await refresh();
      setStep({ kind: 'idle' });
      toast('Two-factor is off', { duration: TOAST_MS.default });
    }, "Couldn't turn two-factor off");

  const newCodes = () =>
    run(async (api) => {
      setStep({ kind: 'codes', codes: await api.regenerateRecoveryCodes() });
    }, "Couldn't make new recovery codes");

  return (
    <div>
      <p className="flex items-center gap-2 font-medium">
        {details.mfa && <CircleCheck className="size-5 text-green-300" aria-hidden />}
        {details.mfa ? 'Two-factor is on' : 'Two-factor is off'}
      </p>
      <p className="text-sm text-muted">
        {details.mfa
          ? 'Signing in with your password also asks for a code from your authenticator app.'
          : 'Ask for a code from an authenticator app (such as Aegis, Google Authenticator or 1Password) after your password.'}
      </p>

      {step.kind === 'setup' && (
        <form onSubmit={(e) => void confirm(e)} className="mt-3 flex flex-col gap-3 rounded-xl border border-line p-3" noValidate>
          <h3 className="font-semibold">Scan this code with your authenticator app</h3>
          <QrCode text={step.uri} label="QR code to add this account to an authenticator app" />
          <div className="text-sm">
            <p className="text-muted">Can't scan it? Enter this key in the app:</p>
            <p className="flex items-center gap-1">
              <code aria-label="Set-up key" className="font-mono break-all">
                {groupKey(step.secret)}
              </code>
              <CopyButton text={step.secret} label="Copy set-up key" />
            </p>
          </div>
          <div className="max-w-xs">
            <Field label="6-digit code from the app" name="code" autoFocus autoComplete="one-time-code" inputMode="numeric" spellCheck={false} aria-invalid={error ? true : undefined} />
          </div>
          <FormError message={error} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={busy}>Turn on</SubmitButton>
            <button type="button" onClick={() => void cancelSetup()} disabled={busy} className={secondaryButtonClass}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}

      {step.kind === 'confirmOff' && (
        <div role="group" aria-labelledby="mfa-off-question" className="mt-3 flex flex-col gap-3 rounded-xl border border-line p-3">
          <p id="mfa-off-question" className="font-semibold">
            Turn two-factor off? Your password alone will sign you in.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void turnOff()} disabled={busy} className="flex items-center gap-2 rounded-full bg-red-600 px-4 py-2 font-semibold text-white hover:brightness-110 disabled:opacity-60">
              Turn off
            </button>
            <button type="button" onClick={() => setStep({ kind: 'idle' })} disabled={busy} className={secondaryButtonClass}>
              Keep it on
            </button>
          </div>
        </div>
      )}

      {step.kind !== 'setup' && <FormError message={error} />}

      {step.kind === 'idle' && (
        <div className="mt-3 flex flex-wrap gap-2">
          {details.mfa ? (
            <>
              <button type="button" onClick={() => void newCodes()} disabled={busy} className={secondaryButtonClass}>
                New recovery codes
              </button>
              <button type="button" onClick={() => setStep({ kind: 'confirmOff' })} disabled={busy} className={secondaryButtonClass}>
                Turn off two-factor
              </button>
            </>
          ) : (
            <button type="button" onClick={() => void start()} disabled={busy} className={primaryButtonClass}>
              Turn on two-factor
            </button>
          )}
        </div>
      )}
    </div>
  );
}
