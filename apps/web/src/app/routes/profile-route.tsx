import { Link } from 'react-router';
import { useIsAdmin } from '../../features/admin/index.js';
import { SignInButton } from '../../features/auth/sign-in-button.js';
import { useSessionUser } from '../../features/auth/session-store.js';
import { AccountCard } from '../../features/profile/account-card.js';
import { AccountSettings } from '../../features/profile/account-settings.js';
import { SubsonicAppsSection } from '../../features/profile/subsonic-apps-section.js';
import { SystemPreferences } from '../../features/profile/system-preferences.js';
import { PublicLinksSection } from '../../features/shares/index.js';

/** SPEC#profile-signed-out, SPEC#profile-signed: sign-in or the account, the Admin link for administrators, then System Preferences. */
export function ProfileRoute() {
  const user = useSessionUser();
  const isAdmin = useIsAdmin();
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
      {isAdmin && (
        // Phones have no sidebar: the administrators' way to the Admin page is here.
        <Link to="/admin" className="mt-6 flex items-center justify-between rounded-2xl bg-panel p-4 font-semibold lg:hidden">
          Admin
          <span aria-hidden>›</span>
        </Link>
      )}
      <SystemPreferences />
      {user && <PublicLinksSection />}
      {user && <SubsonicAppsSection userId={user.$id} />}
      {user && <AccountSettings />}
    </section>
  );
}
