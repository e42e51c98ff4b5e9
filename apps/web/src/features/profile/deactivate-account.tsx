import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { BusyButton } from '../../shared/ui/busy-button.js';
import { signOut } from '../auth/index.js';
import { FormError, secondaryButtonClass } from '../auth/ui.js';
import { deactivateAccount } from './account-status.js';
import { SettingsSection } from './settings-section.js';

/**
 * Profile: deactivating the account, after one question (SPEC#profile-deactivate-account-signed: 'Deactivate'
 * or 'Keep my account'). Every device is signed out and the account cannot
 * sign in again; this device then shows the signed-out Profile.
 */
export function DeactivateAccount() {
  const config = useClientConfig();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const deactivate = async () => {
    setBusy(true);
    setError(null);
    try {
      await deactivateAccount(config);
    } catch (err) {
      setError(describeFailure(err).message || "Couldn't deactivate your account");
      setBusy(false);
      return;
    }
    // The backend has ended every session already: this only forgets the user here.
    await signOut(await backend(), queryClient);
    toast.success('Your account is deactivated', { duration: TOAST_MS.default });
  };

  return (
    <SettingsSection id="account-deactivate" title="Deactivate account" intro="Signs you out on every device. The account can't be signed in to again.">
      {confirming ? (
        <div role="group" aria-labelledby="deactivate-question" className="mt-3 flex flex-col gap-3 rounded-xl border border-line p-3">
          <p id="deactivate-question" className="font-semibold">
            Deactivate your account? You will be signed out everywhere and can't sign in with it again.
          </p>
          <div className="flex flex-wrap gap-2">
            <BusyButton
              busy={busy}
              onClick={() => void deactivate()}
              className="flex items-center gap-2 rounded-full bg-red-600 px-4 py-2 font-semibold text-white hover:brightness-110 disabled:opacity-60"
            >
              Deactivate
            </BusyButton>
            <button type="button" onClick={() => setConfirming(false)} disabled={busy} className={secondaryButtonClass}>
              Keep my account
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className={`mt-3 ${secondaryButtonClass}`}>
          Deactivate account
        </button>
      )}
      <FormError message={error} />
    </SettingsSection>
  );
}
