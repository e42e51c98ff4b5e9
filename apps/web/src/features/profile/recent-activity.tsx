import { useQuery } from '@tanstack/react-query';
import { accountLogsKey, useAccountApi } from '../auth/ui.js';
import { describeDevice, describeEvent, describeIp, formatWhen } from './activity-format.js';
import { LoadState, SettingsSection } from './settings-section.js';

/** How many of the account's latest log entries the Profile shows. */
export const ACTIVITY_LIMIT = 20;

/** Profile: the account's latest activity (sign-ins, changes) with time, device and IP address. */
export function RecentActivity() {
  const account = useAccountApi();
  const logs = useQuery({ queryKey: accountLogsKey, queryFn: async () => (await account()).listLogs(ACTIVITY_LIMIT) });
  const now = Date.now();
  return (
    <SettingsSection id="account-activity" title="Recent activity" intro="Sign-ins and changes to your account. Something you don't recognise? Change your password.">
      <LoadState query={logs} what="activity" />
      {logs.data?.length === 0 && <p className="mt-3 text-sm text-muted">Nothing yet.</p>}
      {logs.data && logs.data.length > 0 && (
        <ol aria-label="Account activity" className="mt-3 flex flex-col divide-y divide-line">
          {logs.data.map((l, i) => (
            <li key={`${l.time}-${i}`} className="grid grid-cols-[1fr_auto] gap-x-3 py-2 text-sm">
              <span className="font-medium">{describeEvent(l.event)}</span>
              <time dateTime={l.time} className="text-right text-muted">
                {formatWhen(l.time, now)}
              </time>
              <span className="col-span-2 text-muted">
                {describeDevice(l)} · {describeIp(l.ip)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </SettingsSection>
  );
}
