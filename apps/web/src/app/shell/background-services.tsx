import { useAccountServices } from '../../features/realtime/use-account-services.js';
import { UpdatePrompt } from './update-prompt.js';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.js';

/**
 * What the app keeps running behind every screen but no first screen needs to show: a
 * signed-in listener's services (session check, sync, offline playlists, history), the
 * keyboard shortcuts and the service worker's Update prompt (it registers at the page's
 * load). The shell loads it once its first screen is up.
 */
export default function BackgroundServices() {
  useAccountServices();
  useKeyboardShortcuts();
  return <UpdatePrompt />;
}
