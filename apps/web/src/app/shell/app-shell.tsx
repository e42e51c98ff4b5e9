import { Outlet, useLocation } from 'react-router';
import { MiniPlayer } from '../../features/player/components/mini-player.js';
import { useQueueSuggestions } from '../../features/player/use-queue-suggestions.js';
import { useAccountServices } from '../../features/realtime/use-account-services.js';
import { BottomTabs } from './bottom-tabs.js';
import { InstallBanner } from './install-banner.js';
import { OfflineBanner } from './offline-banner.js';
import { TopBar } from './top-bar.js';
import { UpdatePrompt } from './update-prompt.js';

/**
 * Global chrome (SPEC §2). On /player/* the screen is full-screen: no top bar,
 * tab bar or mini player. Each page fades in over 0.3 s (styles.css).
 */
export function AppShell() {
  const { pathname } = useLocation();
  const onPlayer = pathname.startsWith('/player/');
  useQueueSuggestions();
  useAccountServices();
  return (
    <>
      <OfflineBanner />
      {!onPlayer && <TopBar />}
      {!onPlayer && <InstallBanner />}
      <main className={onPlayer ? '' : 'mx-auto max-w-3xl px-3 pt-2 pb-40'}>
        <div key={pathname} className="page-enter">
          <Outlet />
        </div>
      </main>
      {!onPlayer && <MiniPlayer />}
      {!onPlayer && <BottomTabs />}
      <UpdatePrompt />
    </>
  );
}
