import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { accountSessionsKey, FormError, secondaryButtonClass, useAccountApi } from '../auth/ui.js';
import { DeviceName } from '../devices/ui.js';
import { describeDevice, describeIp, formatWhen } from './activity-format.js';
import { LoadState, SettingsSection } from './settings-section.js';

/** Profile: where this account is signed in (each device can be named, SPEC#devices-signed-every-open), and signing out everywhere else. */
export function DevicesSection() {
  const account = useAccountApi();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: accountSessionsKey, queryFn: async () => (await account()).listSessions() });
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const endOthers = useMutation({
    mutationFn: async () => {
      const api = await account();
      for (const s of others) await api.deleteSession(s.$id);
      return others.length;
    },
    onSuccess: (n) => toast.success(`Signed out of ${n} other ${n === 1 ? 'device' : 'devices'}`, { duration: TOAST_MS.default }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });

  const now = Date.now();
  return (
    <SettingsSection id="account-devices" title="Signed-in devices" intro="Where your account is signed in now.">
      <LoadState query={sessions} what="devices" />
      {sessions.data && (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {sessions.data.map((s) => (
            <li key={s.$id} className="py-2">
              <div className="min-w-0">
                <p className="font-medium">
                  <DeviceName sessionId={s.$id} fallback={describeDevice(s)} />
                  {s.current && <span className="ml-2 inline-block rounded-full bg-accent/20 px-2 py-0.5 text-xs whitespace-nowrap text-accent-text">This device</span>}
                </p>
                <p className="text-sm text-muted">
                  {describeIp(s.ip)} · signed in {formatWhen(s.$createdAt, now)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {sessions.data && (
        <button
          type="button"
          onClick={() => endOthers.mutate()}
          disabled={endOthers.isPending || others.length === 0}
          className={`mt-3 ${secondaryButtonClass}`}
        >
          {endOthers.isPending && <Spinner className="size-4" />}
          Sign out other devices
        </button>
      )}
      {endOthers.isError && <FormError message={describeFailure(endOthers.error).message || "Couldn't sign out the other devices"} />}
    </SettingsSection>
  );
}
