import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SIGN_IN_PATHS, useMustSignIn } from '../../features/auth/index.js';
import { useDevicePresence, useRemote } from '../../features/devices/index.js';
import { MiniPlayer } from '../../features/player/components/mini-player.js';
import { PLAYER_BAR_PX } from '../../features/player/components/player-bar-size.js';
import { usePlayerStore } from '../../features/player/player-store.js';
import { useQueueSuggestions } from '../../features/player/use-queue-suggestions.js';
import { isRoomPath } from '../../features/rooms/index.js';
import { isSharePath } from '../../features/shares/index.js';
import { BottomTabs } from './bottom-tabs.js';
import { InstallBanner } from './install-banner.js';
import { OfflineBanner } from './offline-banner.js';
import { usePlayerChromeSlots } from './player-chrome.js';
import { SongMenuRoot } from './song-menu-root.js';
import { TopBar } from './top-bar.js';
import { useIsDesktop } from './use-is-desktop.js';

// Desktop-only chrome loads only on desktops: phones never fetch it (their first screen stays small).
const Sidebar = lazy(async () => ({ default: (await import('./sidebar.js')).Sidebar }));
// A private server's sign-in, in place of the screens while nobody is signed in (and only then fetched).
const SignInScreen = lazy(async () => ({ default: (await import('../../features/auth/sign-in-screen.js')).SignInScreen }));
const PlayerBar = lazy(async () => ({ default: (await import('../../features/player/components/player-bar.js')).PlayerBar }));
// Play on another device (SPEC#devices-signed-every-open): fetched once another device plays.
const RemotePlayer = lazy(async () => ({ default: (await import('../../features/devices/ui.js')).RemotePlayer }));
// A listener's background services, the keyboard shortcuts and the Update prompt: fetched
// once the first screen is up.
const BackgroundServices = lazy(() => import('./background-services.js'));

/** False for the first render, then true: what waits for it loads after the first screen. */
function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => setAfter(true), []);
  return after;
}

/**
 * Global chrome (SPEC#chrome-top-bar, SPEC#chrome-bottom-tab-bar, SPEC#player-desktop-layout). Phones and tablets: top bar, bottom tabs and the
 * mini player; on /player/* the screen is full-screen without them. Desktops
 * (>= 1024 px): a sidebar and a player bar on every route, the player screen
 * in the content area between them. Each page fades in over 0.3 s (styles.css).
 * On a private server a signed-out visitor sees the sign-in instead of the
 * screens (but where sign-in and mailed links land, and on a share link's or a listening room's page).
 */
export function AppShell() {
  const { pathname } = useLocation();
  const onPlayer = pathname.startsWith('/player/');
  const hasSong = usePlayerStore((s) => s.currentIndex >= 0);
  const signInFirst = useMustSignIn() && !SIGN_IN_PATHS.includes(pathname) && !isSharePath(pathname) && !isRoomPath(pathname);
  useQueueSuggestions();
  useDevicePresence();
  const afterFirstRender = useAfterFirstRender();
  const desktop = useIsDesktop();
  // While another device plays, its remote player stands in for this one's (SPEC#devices-signed-every-open).
  const remote = useRemote() !== null;
  const playerSlots = usePlayerChromeSlots();
  const barPx = desktop && (hasSong || remote) ? PLAYER_BAR_PX : 0;
  return (
    <SongMenuRoot>
      {afterFirstRender && (
        <Suspense fallback={null}>
          <BackgroundServices />
        </Suspense>
      )}
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
      {!onPlayer && !desktop && !remote && <MiniPlayer slots={playerSlots} />}
      {!onPlayer && !desktop && <BottomTabs />}
      {desktop && !remote && (
        <Suspense fallback={null}>
          <PlayerBar slots={playerSlots} />
        </Suspense>
      )}
      {remote && (desktop || !onPlayer) && (
        <Suspense fallback={null}>
          <RemotePlayer />
        </Suspense>
      )}
    </SongMenuRoot>
  );
}
