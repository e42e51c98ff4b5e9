import { DeactivateAccount } from './deactivate-account.js';
import { DevicesSection } from './devices-section.js';
import { EmailSettings } from './email-settings.js';
import { PasswordSettings } from './password-settings.js';
import { RecentActivity } from './recent-activity.js';
import { LoadState, SettingsSection } from './settings-section.js';
import { TwoFactorSettings } from './two-factor-settings.js';
import { useAccountDetails } from './use-account-details.js';

/**
 * Profile, signed in: the account's security — email (verified or not) and
 * password, two-factor sign-in, signed-in devices, recent activity, and
 * deactivating the account.
 */
export function AccountSettings() {
  const details = useAccountDetails();
  return (
    <>
      <SettingsSection id="account-security" title="Sign-in and security">
        <LoadState query={details} what="account" />
        {details.data && (
          <div className="mt-4">
            <EmailSettings details={details.data} />
            <PasswordSettings />
            <div className="mt-4 border-t border-line pt-4">
              <h3 className="sr-only">Two-factor sign-in</h3>
              <TwoFactorSettings details={details.data} />
            </div>
          </div>
        )}
      </SettingsSection>
      <DevicesSection />
      <RecentActivity />
      <DeactivateAccount />
    </>
  );
}
