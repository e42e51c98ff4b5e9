import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SIGN_IN_PATHS, useMustSignIn } from '../../features/auth/index.js';
import { useDevicePresence, useRemote, useSignedInDevices } from '../../features/devices/index.js';
import { MiniPlayer } from '../../features/player/components/mini-player.js';
import { PLAYER_BAR_PX } from '../../features/player/components/player-bar-size.js';
import { usePlayerStore } from '../../features/player/player-store.js';
import { useQueueSuggestions } from '../../features/player/use-queue-suggestions.js';
import { useAccountServices } from '../../features/realtime/use-account-services.js';
import { isSharePath } from '../../features/shares/index.js';
import { BottomTabs } from './bottom-tabs.js';
import { InstallBanner } from './install-banner.js';
import { OfflineBanner } from './offline-banner.js';
import { SongMenuRoot } from './song-menu-root.js';
import { TopBar } from './top-bar.js';
import { UpdatePrompt } from './update-prompt.js';
import { useIsDesktop } from './use-is-desktop.js';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.js';

// Desktop-only chrome loads only on desktops: phones never fetch it (their first screen stays small).
const Sidebar = lazy(async () => ({ default: (await import('./sidebar.js')).Sidebar }));
// A private server's sign-in, in place of the screens while nobody is signed in (and only then fetched).
const SignInScreen = lazy(async () => ({ default: (await import('../../features/auth/sign-in-screen.js')).SignInScreen }));
const PlayerBar = lazy(async () => ({ default: (await import('../../features/player/components/player-bar.js')).PlayerBar }));
// Play on another device (SPEC §2 Devices): fetched once a listener is signed in.
const DevicesMenu = lazy(async () => ({ default: (await import('../../features/devices/ui.js')).DevicesMenu }));
const RemotePlayer = lazy(async () => ({ default: (await import('../../features/devices/ui.js')).RemotePlayer }));

/** Where the Devices button stands while this device plays: above the desktop bar, the mini player, or the player's foot. */
const DEVICES_BUTTON_AT = {
  // PLAYER_BAR_PX (88) above the foot.
  desktop: 'bottom-[calc(88px+0.5rem)]',
  phone: 'bottom-[calc(8.5rem+env(safe-area-inset-bottom))]',
  player: 'bottom-[calc(1rem+env(safe-area-inset-bottom))]',
} as const;

/**
 * Global chrome (SPEC §2). Phones and tablets: top bar, bottom tabs and the
 * mini player; on /player/* the screen is full-screen without them. Desktops
 * (>= 1024 px): a sidebar and a player bar on every route, the player screen
 * in the content area between them. Each page fades in over 0.3 s (styles.css).
 * On a private server a signed-out visitor sees the sign-in instead of the
 * screens (but where sign-in and mailed links land, and on a share link's page).
 */
export function AppShell() {
  const { pathname } = useLocation();
  const onPlayer = pathname.startsWith('/player/');
  const hasSong = usePlayerStore((s) => s.currentIndex >= 0);
  const signInFirst = useMustSignIn() && !SIGN_IN_PATHS.includes(pathname) && !isSharePath(pathname);
  useQueueSuggestions();
  useAccountServices();
  useDevicePresence();
  useKeyboardShortcuts();
  const desktop = useIsDesktop();
  // While another device plays, its remote player stands in for this one's (SPEC §2 Devices).
  const remote = useRemote() !== null;
  const devices = useSignedInDevices();
  const barPx = desktop && (hasSong || remote) ? PLAYER_BAR_PX : 0;
  return (
    <SongMenuRoot>
      <OfflineBanner />
      {desktop && (
        <Suspense fallback={null}>
          <Sidebar bottomPx={barPx} />
        </Suspense>
      )}
      <div className="lg:pl-60" style={{ ['--player-bar' as string]: `${barPx}px` }}>
        {!onPlayer && <TopBar />}
        {!onPlayer && <InstallBanner />}
        <main className={onPlayer ? '' : 'mx-auto max-w-3xl px-3 pt-2 pb-40 lg:max-w-none lg:px-8 lg:pb-[calc(var(--player-bar)+2rem)]'}>
          <div key={pathname} className="page-enter">
            {signInFirst ? (
              <Suspense fallback={null}>
                <SignInScreen />
              </Suspense>
            ) : (
              <Outlet />
            )}
          </div>
        </main>
      </div>
      {!onPlayer && !desktop && !remote && <MiniPlayer />}
      {!onPlayer && !desktop && <BottomTabs />}
      {desktop && !remote && (
        <Suspense fallback={null}>
          <PlayerBar />
        </Suspense>
      )}
      {remote && (desktop || !onPlayer) && (
        <Suspense fallback={null}>
          <RemotePlayer />
        </Suspense>
      )}
      {devices && !remote && hasSong && (
        <Suspense fallback={null}>
          <DevicesMenu className={`fixed right-3 z-40 grid size-10 place-items-center rounded-full bg-raised text-white/85 shadow-lg hover:text-white ${DEVICES_BUTTON_AT[desktop ? 'desktop' : onPlayer ? 'player' : 'phone']}`} />
        </Suspense>
      )}
      <UpdatePrompt />
    </SongMenuRoot>
  );
}
