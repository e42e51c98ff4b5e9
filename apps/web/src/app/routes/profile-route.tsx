import { SignInButton } from '../../features/auth/sign-in-button.js';
import { useSessionUser } from '../../features/auth/session-store.js';
import { AccountCard } from '../../features/profile/account-card.js';
import { AccountSettings } from '../../features/profile/account-settings.js';
import { SubsonicAppsSection } from '../../features/profile/subsonic-apps-section.js';
import { SystemPreferences } from '../../features/profile/system-preferences.js';

/** SPEC §2 Profile: sign-in or the account, then System Preferences. */
export function ProfileRoute() {
  const user = useSessionUser();
  return (
    <section className="px-2">
      {user ? (
        <AccountCard user={user} />
      ) : (
        <div className="flex flex-col items-center gap-5 pt-8 text-center">
          <h1 className="text-2xl font-bold">Your Music, Your Favorites, Your Way!</h1>
          <SignInButton />
        </div>
      )}
      <SystemPreferences />
      {user && <SubsonicAppsSection userId={user.$id} />}
      {user && <AccountSettings />}
    </section>
  );
}
